import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { keyFor } from '../../../api/keys';

/** `GET /nodes?limit=1`: only its `total` is read, to tell an empty catalogue. */
export const catalogueSizeQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: keyFor('/nodes', { limit: 1 }),
    queryFn: async ({ signal }) => (await unwrap(api.GET('/nodes', { params: { query: { limit: 1 } }, signal }))).total,
    enabled,
  });

/** How many packs the catalogue lists (fetched only when `enabled`). */
export const useCatalogueSize = (enabled: boolean) => useQuery(catalogueSizeQuery(enabled));
