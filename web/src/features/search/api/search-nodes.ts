import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { keyFor } from '../../../api/keys';
import type { operations } from '../../../api/schema.gen';

/** The query parameters of `GET /nodes/search`. */
export type SearchNodesParams = NonNullable<operations['searchNodes']['parameters']['query']>;

/** `GET /nodes/search`: one page of packs matching the text, filters and sort. */
export const searchNodes = (params: SearchNodesParams, signal?: AbortSignal) =>
  unwrap(api.GET('/nodes/search', { params: { query: params }, signal }));

/** Keyed by path and parameters; the previous page stays on screen while the next one loads. */
export const searchNodesQuery = (params: SearchNodesParams) =>
  queryOptions({
    queryKey: keyFor('/nodes/search', params),
    queryFn: ({ signal }) => searchNodes(params, signal),
    placeholderData: keepPreviousData,
  });

/** Search results for the given parameters. */
export const useSearchNodes = (params: SearchNodesParams) => useQuery(searchNodesQuery(params));
