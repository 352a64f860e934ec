import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { hasIds } from '../cache-rules';
import { api, unwrap } from '../client';
import { keyFor } from '../keys';

/** `GET /publishers/{publisherId}/nodes/v2`: one page of the publisher's packs. */
export const listPublisherNodes = (publisherId: string, page: number, limit: number, signal?: AbortSignal) =>
  unwrap(
    api.GET('/publishers/{publisherId}/nodes/v2', {
      params: { path: { publisherId }, query: { page, limit } },
      signal,
    }),
  );

/**
 * Shared by the public publisher page and the publisher's dashboard: one key, so a write that
 * refreshes one refreshes both.
 */
export const publisherNodesQuery = (publisherId: string, page: number, limit: number) =>
  queryOptions({
    queryKey: keyFor(`/publishers/${publisherId}/nodes/v2`, { page, limit }),
    queryFn: ({ signal }) => listPublisherNodes(publisherId, page, limit, signal),
    enabled: hasIds(publisherId),
    placeholderData: keepPreviousData,
  });

/** A page of the publisher's packs; the previous page stays on screen while the next loads. */
export const usePublisherNodes = (publisherId: string, page: number, limit: number) =>
  useQuery(publisherNodesQuery(publisherId, page, limit));
