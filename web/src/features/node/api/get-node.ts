import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasIds } from '../../../api/cache-rules';
import { api, unwrap } from '../../../api/client';

/** `GET /nodes/{nodeId}`: one pack with its latest version. */
export const getNode = (nodeId: string, signal?: AbortSignal) =>
  unwrap(api.GET('/nodes/{nodeId}', { params: { path: { nodeId } }, signal }));

export const nodeQuery = (nodeId: string) =>
  queryOptions({
    queryKey: [`/nodes/${nodeId}`],
    queryFn: ({ signal }) => getNode(nodeId, signal),
    enabled: hasIds(nodeId),
  });

/** The pack shown on its page. */
export const useNode = (nodeId: string) => useQuery(nodeQuery(nodeId));
