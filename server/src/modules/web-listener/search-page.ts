import type { FastifyInstance } from 'fastify';
import type { EmbeddedData } from './page-head.js';

/** Results on the home page's first page (web/src/features/search/components/SearchPage.tsx). */
const PAGE_SIZE = 20;
const SORTS = new Set(['relevance', 'downloads', 'stars', 'newest', 'updated']);
/** URL parameters that narrow a search; such pages are not rendered with their results. */
const FILTERS = ['os', 'accelerator', 'publisher', 'tag'];

/** The `GET /nodes/search` parameters of the first page a home URL shows. */
export interface HomeSearch {
  search: string;
  sort: string;
  limit: number;
}

/**
 * The search a home URL (`/`, `/?q=upscale&sort=stars`) opens with, read as the web app reads it
 * (web/src/features/search/lib/search-params.ts): the browsing list of popular packs without a
 * query. Undefined for filtered searches and later pages, which the browser fetches itself.
 */
export function homeSearch(query: URLSearchParams): HomeSearch | undefined {
  if (FILTERS.some((name) => query.has(name))) return undefined;
  const page = Number.parseInt(query.get('page') ?? '', 10);
  if (Number.isFinite(page) && page > 1) return undefined;
  const search = (query.get('q') ?? '').trim();
  const asked = query.get('sort') ?? '';
  const sort = SORTS.has(asked) ? asked : 'relevance';
  return { search, sort: search === '' && sort === 'relevance' ? 'downloads' : sort, limit: PAGE_SIZE };
}

/** The key the web app looks the answer up by (`embeddedSearchPath` in web/src/features/search/api). */
export function embeddedSearchKey(params: HomeSearch): string {
  const query = new URLSearchParams({ search: params.search, sort: params.sort, limit: String(params.limit) });
  return `/nodes/search?${query.toString()}`;
}

/**
 * The first page of results, asked of the API in-process (its own route: validation, answer cache
 * and search log), to embed in the page and render on the server. Undefined when the API does not
 * answer 200; the browser then searches as usual.
 */
export async function embeddedSearch(api: FastifyInstance, params: HomeSearch): Promise<EmbeddedData | undefined> {
  const query: Record<string, string> = { sort: params.sort, limit: String(params.limit), page: '1' };
  if (params.search !== '') query.search = params.search;
  const answer = await api.inject({ method: 'GET', url: '/nodes/search', query });
  if (answer.statusCode !== 200) return undefined;
  const page: unknown = answer.json();
  return { fetchedAt: Date.now(), queries: { [embeddedSearchKey(params)]: page } };
}
