import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { keyFor } from '../../../api/keys';
import { publisherQuery } from '../../../api/queries/publisher';

/** How many matches the server is asked for: enough left after chosen and placeholder ids. */
const SEARCH_LIMIT = 20;

/** `GET /publishers?search=`: publishers whose id or name contains the text, best first. */
export const searchPublishers = (text: string, signal?: AbortSignal) =>
  unwrap(api.GET('/publishers', { params: { query: { search: text, limit: SEARCH_LIMIT } }, signal }));

/** The server answers the suggestions, so a registry with thousands of publishers sends a few. */
export const publisherSearchQuery = (text: string) =>
  queryOptions({
    queryKey: keyFor('/publishers', { search: text }),
    queryFn: ({ signal }) => searchPublishers(text, signal),
    enabled: text !== '',
    placeholderData: keepPreviousData,
  });

export const usePublisherSearch = (text: string) => useQuery(publisherSearchQuery(text));

/** The names of the chosen publishers (ids from the URL), each read once and cached. */
export function usePublisherNames(ids: readonly string[]): Map<string, string> {
  const answers = useQueries({ queries: ids.map((id) => ({ ...publisherQuery(id), retry: false })) });
  const names = new Map<string, string>();
  for (const answer of answers) {
    if (answer.data) names.set(answer.data.id.toLowerCase(), answer.data.name);
  }
  return names;
}
