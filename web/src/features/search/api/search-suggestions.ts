import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { keyFor } from '../../../api/keys';

/** `GET /nodes/search/suggestions`: completions for the text typed so far. */
export const listSearchSuggestions = (q: string, signal?: AbortSignal) =>
  unwrap(api.GET('/nodes/search/suggestions', { params: { query: { q } }, signal }));

/** Suggestions for `q`; only fetched while the suggestion list is open. */
export const searchSuggestionsQuery = (q: string, enabled: boolean) =>
  queryOptions({
    queryKey: keyFor('/nodes/search/suggestions', q),
    queryFn: ({ signal }) => listSearchSuggestions(q, signal),
    enabled,
    placeholderData: keepPreviousData,
  });

/** Query suggestions and pack names for the search box. */
export const useSearchSuggestions = (q: string, enabled: boolean) => useQuery(searchSuggestionsQuery(q, enabled));
