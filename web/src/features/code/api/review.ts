import { useQuery } from '@tanstack/react-query';
import { hasIds } from '../../../api/cache-rules';
import { api, unwrap } from '../../../api/client';
import { keyFor } from '../../../api/keys';

/**
 * `GET /admin/review-queue?nodeId=`: the pack's versions waiting for review, with their findings
 * (each marked as approved before or not). The review screen takes the one it shows from here.
 */
export const usePackReviewItems = (nodeId: string) =>
  useQuery({
    queryKey: keyFor('/admin/review-queue', { nodeId, code: true }),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/admin/review-queue', {
          params: {
            query: {
              nodeId,
              statuses: ['NodeVersionStatusFlagged', 'NodeVersionStatusPending'],
              pageSize: 100,
              page: 1,
              sort: 'newest',
            },
          },
          signal,
        }),
      ),
    enabled: hasIds(nodeId),
  });
