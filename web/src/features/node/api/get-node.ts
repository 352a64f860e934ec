import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasIds } from '../../../api/cache-rules';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema.gen';
import { embeddedFetchedAt, takeEmbedded } from '../../../lib/embedded-data';

/** `GET /nodes/{nodeId}`: one pack with its latest version. */
export const getNode = (nodeId: string, signal?: AbortSignal) =>
  unwrap(api.GET('/nodes/{nodeId}', { params: { path: { nodeId } }, signal }));

export const nodeQuery = (nodeId: string) =>
  queryOptions({
    queryKey: [`/nodes/${nodeId}`],
    queryFn: ({ signal }) => getNode(nodeId, signal),
    enabled: hasIds(nodeId),
    // A shared page's first paint uses the answer the web listener embedded; it revalidates as usual.
    initialData: () => takeEmbedded<components['schemas']['Node']>(`/nodes/${nodeId}`),
    initialDataUpdatedAt: embeddedFetchedAt,
  });

/** The pack shown on its page. */
export const useNode = (nodeId: string) => useQuery(nodeQuery(nodeId));
