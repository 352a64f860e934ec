import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { keyFor } from '../../../api/keys';
import type { operations } from '../../../api/schema.gen';
import { embeddedFetchedAt, takeEmbedded } from '../../../lib/embedded-data';

/** The query parameters of `GET /nodes/search`. */
export type SearchNodesParams = NonNullable<operations['searchNodes']['parameters']['query']>;

/** One page of `GET /nodes/search`. */
export type SearchNodesPage = operations['searchNodes']['responses'][200]['content']['application/json'];

/** `GET /nodes/search`: one page of packs matching the text, filters and sort. */
export const searchNodes = (params: SearchNodesParams, signal?: AbortSignal) =>
  unwrap(api.GET('/nodes/search', { params: { query: params }, signal }));

/**
 * Where the web listener embeds the first page of a search it renders on the server: only
 * searches without filters, spelled exactly as server/src/modules/web-listener/search-page.ts
 * spells them. Others have no embedded answer.
 */
export function embeddedSearchPath(params: SearchNodesParams): string | undefined {
  const filtered = [params.supported_os, params.supported_accelerator, params.publisher, params.tags].some(
    (values) => values !== undefined && values.length > 0,
  );
  if (filtered || (params.page ?? 1) !== 1) return undefined;
  const query = new URLSearchParams({
    search: params.search ?? '',
    sort: params.sort ?? 'relevance',
    limit: String(params.limit ?? ''),
  });
  return `/nodes/search?${query.toString()}`;
}

/** Keyed by path and parameters; the previous page stays on screen while the next one loads. */
export const searchNodesQuery = (params: SearchNodesParams) =>
  queryOptions({
    queryKey: keyFor('/nodes/search', params),
    queryFn: ({ signal }) => searchNodes(params, signal),
    placeholderData: keepPreviousData,
    // The first page a search link opens with is in the page already (server-rendered results).
    initialData: () => {
      const path = embeddedSearchPath(params);
      return path ? takeEmbedded<SearchNodesPage>(path) : undefined;
    },
    initialDataUpdatedAt: embeddedFetchedAt,
  });

/** Search results for the given parameters. */
export const useSearchNodes = (params: SearchNodesParams) => useQuery(searchNodesQuery(params));
