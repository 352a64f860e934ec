import type { operations } from '../../../api/schema.gen';
/** The sort orders the search endpoint documents (its OpenAPI enum), in the order the menu offers them. */
export type SortOrder = NonNullable<NonNullable<operations['searchNodes']['parameters']['query']>['sort']>;

/**
 * Every order of `SortOrder`, each once: the type check fails when the server adds or drops one,
 * so the menu cannot drift from the endpoint.
 */
const everyOrder = <T extends readonly SortOrder[]>(
  orders: T & ([SortOrder] extends [T[number]] ? unknown : 'missing a sort order'),
): T => orders;
export const sortOrders = everyOrder(['relevance', 'downloads', 'stars', 'newest', 'updated'] as const);

/** Operating systems a pack can declare. */
export const operatingSystems = ['windows', 'linux', 'macos'] as const;
export type OperatingSystem = (typeof operatingSystems)[number];

/** Accelerators a pack can declare. */
export const accelerators = ['cuda', 'rocm', 'intel-arc', 'ascend', 'metal'] as const;
export type Accelerator = (typeof accelerators)[number];

/** Everything about a search that lives in the URL. */
export interface SearchState {
  q: string;
  sort: SortOrder;
  os: OperatingSystem[];
  accelerator: Accelerator[];
  /** Publisher ids: packs of any of them. */
  publisher: string[];
  /** Tags: packs carrying every one of them. */
  tags: string[];
  page: number;
}

/** Most values of one free-text filter, and their longest length (the server's limits). */
export const MAX_FILTER_VALUES = 20;
export const MAX_FILTER_LENGTH = 200;

/** Trimmed, non-empty, not too long, without duplicates, at most MAX_FILTER_VALUES. */
export const cleanFilterValues = (values: string[]): string[] =>
  [...new Set(values.map((value) => value.trim()).filter((v) => v !== '' && v.length <= MAX_FILTER_LENGTH))].slice(
    0,
    MAX_FILTER_VALUES,
  );

const pick = <T extends string>(allowed: readonly T[], values: string[]): T[] =>
  allowed.filter((value) => values.includes(value));

/** Reads the search from the URL; unknown values are ignored, the page is at least 1. */
export function parseSearchState(params: URLSearchParams): SearchState {
  const sort = params.get('sort') ?? '';
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    q: params.get('q') ?? '',
    sort: (sortOrders as readonly string[]).includes(sort) ? (sort as SortOrder) : 'relevance',
    os: pick(operatingSystems, params.getAll('os')),
    accelerator: pick(accelerators, params.getAll('accelerator')),
    publisher: cleanFilterValues(params.getAll('publisher')),
    tags: cleanFilterValues(params.getAll('tag')),
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

/** Writes the search as URL parameters, leaving defaults out so shared links stay short. */
export function searchStateToParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim() !== '') params.set('q', state.q);
  if (state.sort !== 'relevance') params.set('sort', state.sort);
  for (const os of state.os) params.append('os', os);
  for (const accelerator of state.accelerator) params.append('accelerator', accelerator);
  for (const publisher of state.publisher) params.append('publisher', publisher);
  for (const tag of state.tags) params.append('tag', tag);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** True when no filter narrows the results. */
export const hasFilters = (state: SearchState) => activeFilterCount(state) > 0;

/** How many filter values narrow the results. */
export const activeFilterCount = (state: SearchState) =>
  state.os.length + state.accelerator.length + state.publisher.length + state.tags.length;

/** The patch that removes every filter. */
export const noFilters = { os: [], accelerator: [], publisher: [], tags: [], page: 1 } satisfies Partial<SearchState>;
