import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasIds } from '../../../api/cache-rules';
import { api, unwrap } from '../../../api/client';

/** `GET /nodes/{nodeId}/versions`: the pack's versions, newest first, with status reasons. */
export const listNodeVersions = (nodeId: string, signal?: AbortSignal) =>
  unwrap(
    api.GET('/nodes/{nodeId}/versions', {
      params: { path: { nodeId }, query: { include_status_reason: true } },
      signal,
    }),
  );

export const nodeVersionsQuery = (nodeId: string) =>
  queryOptions({
    queryKey: [`/nodes/${nodeId}/versions`],
    queryFn: ({ signal }) => listNodeVersions(nodeId, signal),
    enabled: hasIds(nodeId),
  });

/** Version history of a pack. */
export const useNodeVersions = (nodeId: string) => useQuery(nodeVersionsQuery(nodeId));
