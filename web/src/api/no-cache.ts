import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { noCacheHeaders } from './cache-rules';

/** Request options that make the server and any CDN in front of it answer fresh. */
export const freshRequest = { headers: noCacheHeaders } as const;

/**
 * After a write: fetches a query again at once with the no-cache header set (so a CDN-cached
 * read such as `GET /nodes/{id}` is revalidated for everyone) and stores the answer in the cache.
 */
export function refetchWithoutCache<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  fetcher: (init: typeof freshRequest) => Promise<T>,
): Promise<T> {
  return queryClient.fetchQuery({ queryKey, queryFn: () => fetcher(freshRequest), staleTime: 0 });
}
