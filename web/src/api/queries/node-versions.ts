import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasIds } from '../cache-rules';
import { api, unwrap } from '../client';
import { keyFor } from '../keys';

/** `GET /nodes/{nodeId}/versions`: the pack's live versions, newest first, with status reasons. */
export const listNodeVersions = (nodeId: string, signal?: AbortSignal) =>
  unwrap(
    api.GET('/nodes/{nodeId}/versions', {
      params: { path: { nodeId }, query: { include_status_reason: true } },
      signal,
    }),
  );

/** The key of a pack's version list; screens asking other statuses add them after it. */
export const nodeVersionsKey = (nodeId: string, ...params: unknown[]) => keyFor(`/nodes/${nodeId}/versions`, ...params);

export const nodeVersionsQuery = (nodeId: string) =>
  queryOptions({
    queryKey: nodeVersionsKey(nodeId),
    queryFn: ({ signal }) => listNodeVersions(nodeId, signal),
    enabled: hasIds(nodeId),
  });

/** The version history of a pack (its page and its manage page). */
export const useNodeVersions = (nodeId: string) => useQuery(nodeVersionsQuery(nodeId));
