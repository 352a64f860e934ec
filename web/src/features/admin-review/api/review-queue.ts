import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { keyFor } from '../../../api/keys';
import type { components } from '../../../api/schema.gen';
import type { QueueFilters } from '../lib/queue-params';

export type ReviewQueueItem = components['schemas']['ReviewQueueItem'];
export type ReviewQueueFinding = components['schemas']['ReviewQueueFinding'];

export const reviewQueueKey = keyFor('/admin/review-queue');

/** `GET /admin/review-queue`: versions to review with their findings, filtered on the server. */
export const listReviewQueue = (filters: QueueFilters, pageSize: number, signal?: AbortSignal) =>
  unwrap(
    api.GET('/admin/review-queue', {
      params: {
        query: {
          statuses: filters.statuses,
          ...(filters.nodeId ? { nodeId: filters.nodeId } : {}),
          ...(filters.q ? { q: filters.q } : {}),
          page: filters.page,
          pageSize,
          sort: 'oldest',
        },
      },
      signal,
    }),
  );

export const reviewQueueQuery = (filters: QueueFilters, pageSize: number) =>
  queryOptions({
    queryKey: keyFor(...reviewQueueKey, filters, pageSize),
    queryFn: ({ signal }) => listReviewQueue(filters, pageSize, signal),
    placeholderData: keepPreviousData,
  });

/** One page of the review queue. */
export const useReviewQueue = (filters: QueueFilters, pageSize: number) =>
  useQuery(reviewQueueQuery(filters, pageSize));
