import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { hasIds } from '../../../api/cache-rules';
import { api, unwrap } from '../../../api/client';

/** `GET /publishers/{publisherId}/nodes/v2`: one page of a publisher's packs. */
export const listPublisherNodes = (publisherId: string, page: number, limit: number, signal?: AbortSignal) =>
  unwrap(
    api.GET('/publishers/{publisherId}/nodes/v2', {
      params: { path: { publisherId }, query: { page, limit } },
      signal,
    }),
  );

/** Same key as the publisher page uses, so one write refreshes both. */
export const publisherNodesQuery = (publisherId: string, page: number, limit: number) =>
  queryOptions({
    queryKey: [`/publishers/${publisherId}/nodes/v2`, { page, limit }],
    queryFn: ({ signal }) => listPublisherNodes(publisherId, page, limit, signal),
    enabled: hasIds(publisherId),
    placeholderData: keepPreviousData,
  });

/** A page of the publisher's packs; the previous page stays on screen while the next loads. */
export const usePublisherNodes = (publisherId: string, page: number, limit: number) =>
  useQuery(publisherNodesQuery(publisherId, page, limit));
