import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasIds } from '../cache-rules';
import { api, unwrap } from '../client';
import { keyFor } from '../keys';
import { freshRequest } from '../no-cache';
import type { components } from '../schema.gen';

type VersionStatus = components['schemas']['NodeVersion']['status'];

interface ListOptions {
  /** Versions of these statuses; the live ones when left out. */
  statuses?: VersionStatus[];
  /** Revalidates a cached answer on the way (screens that act on what they show). */
  fresh?: boolean;
  signal?: AbortSignal;
}

/** `GET /nodes/{nodeId}/versions`: the pack's versions, newest first, with status reasons. */
export const listNodeVersions = (nodeId: string, { statuses, fresh = false, signal }: ListOptions = {}) =>
  unwrap(
    api.GET('/nodes/{nodeId}/versions', {
      params: { path: { nodeId }, query: { include_status_reason: true, statuses } },
      signal,
      ...(fresh ? freshRequest : {}),
    }),
  );

/** The key of a pack's version list; screens asking other statuses add them after it. */
export const nodeVersionsKey = (nodeId: string, ...params: unknown[]) => keyFor(`/nodes/${nodeId}/versions`, ...params);

export const nodeVersionsQuery = (nodeId: string) =>
  queryOptions({
    queryKey: nodeVersionsKey(nodeId),
    queryFn: ({ signal }) => listNodeVersions(nodeId, { signal }),
    enabled: hasIds(nodeId),
  });

/**
 * A pack's versions of the given statuses, for the screens that manage them (its publisher's and
 * the admins'). Keyed below the live list, so whatever invalidates that list invalidates these.
 */
export const nodeVersionsOfStatusesQuery = (nodeId: string, statuses: VersionStatus[], { fresh = false } = {}) =>
  queryOptions({
    queryKey: nodeVersionsKey(nodeId, statuses),
    queryFn: ({ signal }) => listNodeVersions(nodeId, { statuses, fresh, signal }),
    enabled: hasIds(nodeId),
  });

/** The version history of a pack (its page and its manage page). */
export const useNodeVersions = (nodeId: string) => useQuery(nodeVersionsQuery(nodeId));
