import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { hasIds } from '../../../api/cache-rules';
import { api, unwrap } from '../../../api/client';
import { keyFor } from '../../../api/keys';
import { nodeKey } from '../../../api/queries/node';

/** `GET /nodes/{nodeId}/reviews`: rating, number of reviews, and the caller's own review. */
export const getNodeReviews = (nodeId: string, signal?: AbortSignal) =>
  unwrap(api.GET('/nodes/{nodeId}/reviews', { params: { path: { nodeId } }, signal }));

/** The key includes whether a token is sent: the answer's `mine` depends on who asks. */
export const nodeReviewsQuery = (nodeId: string, signedIn: boolean) =>
  queryOptions({
    queryKey: keyFor(`/nodes/${nodeId}/reviews`, { signedIn }),
    queryFn: ({ signal }) => getNodeReviews(nodeId, signal),
    enabled: hasIds(nodeId),
  });

export const useNodeReviews = (nodeId: string, signedIn: boolean) => useQuery(nodeReviewsQuery(nodeId, signedIn));

/** Rates the pack (`star` 1–5) or, with `star` null, withdraws the caller's review. */
export function useSaveReview(nodeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (star: number | null) =>
      star === null
        ? unwrap(api.DELETE('/nodes/{nodeId}/reviews', { params: { path: { nodeId } } }))
        : unwrap(api.POST('/nodes/{nodeId}/reviews', { params: { path: { nodeId }, query: { star } } })),
    onSuccess: async (pack) => {
      queryClient.setQueryData(nodeKey(nodeId), pack);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keyFor(`/nodes/${nodeId}/reviews`) }),
        queryClient.invalidateQueries({ queryKey: nodeKey(nodeId), exact: true }),
      ]);
    },
  });
}
