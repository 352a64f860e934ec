import type { QueryClient } from '@tanstack/react-query';

/** Whether a query key's path is `path` itself or lies below it (`/nodes/a` covers `/nodes/a/versions`, not `/nodes/ab`). */
const within = (key: string, path: string) => key === path || key.startsWith(`${path}/`);

/**
 * After a pack changes hands or content (edit, upload, delete, claim): refetch every read that shows
 * it, whichever path the write itself touched: the pack and everything below it, the pages of the
 * given publishers, the caller's publishers (Your Nodes), the catalogue list and search.
 */
export function invalidatePackReads(queryClient: QueryClient, nodeId: string, publisherIds: string[]): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const key = query.queryKey[0];
      if (typeof key !== 'string') return false;
      return (
        within(key, `/nodes/${nodeId}`) ||
        publisherIds.some((publisherId) => within(key, `/publishers/${publisherId}`)) ||
        within(key, '/users/publishers') ||
        key === '/nodes' ||
        within(key, '/nodes/search') ||
        within(key, '/search')
      );
    },
  });
}
