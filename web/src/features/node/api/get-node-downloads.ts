import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasIds } from '../../../api/cache-rules';
import { api, unwrap } from '../../../api/client';
import { keyFor } from '../../../api/keys';

/** Days shown by the downloads chart. */
export const CHART_DAYS = 90;

/** `GET /nodes/{nodeId}/downloads?days=90`: installs per UTC day, oldest first. */
export const getNodeDownloads = (nodeId: string, signal?: AbortSignal) =>
  unwrap(api.GET('/nodes/{nodeId}/downloads', { params: { path: { nodeId }, query: { days: CHART_DAYS } }, signal }));

export const nodeDownloadsQuery = (nodeId: string) =>
  queryOptions({
    queryKey: keyFor(`/nodes/${nodeId}/downloads`, { days: CHART_DAYS }),
    queryFn: ({ signal }) => getNodeDownloads(nodeId, signal),
    enabled: hasIds(nodeId),
  });

/** Daily downloads of the last 90 days. */
export const useNodeDownloads = (nodeId: string) => useQuery(nodeDownloadsQuery(nodeId));
