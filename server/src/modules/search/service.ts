import type { AppContext } from '../../context.js';
import type { AnswerCache } from '../../engines/answer-cache/answer-cache.js';
import type { AcceleratorFamily, OsFamily } from '../../engines/search-index/filters.js';
import { pageEnvelope, pageNumber, pageOffset, pageSize } from '../../lib/paging.js';
import { serializeNode } from '../catalogue/serialize.js';
import { presentVersion } from '../nodes/present-version.js';
import type { SearchAnswer } from './answer-cache.js';
import { coreClassesNamed } from './core-classes.js';
import type { HitMatch, SearchEngine, SearchSort } from './engine.js';
import type { PackCard, PackCardCache } from './pack-cards.js';
import { loadPageRows } from './page-repository.js';
import type { SearchMatchJson, SearchNodeJson, SearchNodesPageJson } from './schemas.js';
import type { PopularQueries } from './suggestions/popular-queries.js';
import type { QueryLog } from './suggestions/query-log.js';

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 1000;

/** The search module's collaborators, created once per app. */
export interface SearchServices {
  engine: SearchEngine;
  queryLog: QueryLog;
  popular: PopularQueries;
  answers: AnswerCache<SearchAnswer>;
  cards: PackCardCache;
}

/** A `GET /nodes/search` request, validated; `includeBanned` already reduced to "an admin asked". */
export interface SearchNodesInput {
  search: string;
  page: number | undefined;
  limit: number | undefined;
  includeBanned: boolean;
  comfyNodeSearch: string;
  repositoryUrlSearch: string;
  os: OsFamily[];
  accelerators: AcceleratorFamily[];
  publishers: string[];
  tags: string[];
  sort: SearchSort;
}

/** Where the time of one search went, in milliseconds (reported in `Server-Timing`). */
export interface SearchTimings {
  search: number;
  load: number;
  /** Turning the page into JSON (set by the route). */
  serialize: number;
}

/**
 * A request's page and limit with defaults and bounds applied, its texts cut to the longest
 * searched, and its lists in a fixed order: equal searches get equal inputs (and cache keys).
 */
export function normalizeSearchInput(ctx: AppContext, input: SearchNodesInput): SearchNodesInput {
  const cut = (text: string) => text.slice(0, ctx.config.search.SEARCH_MAX_QUERY_LENGTH);
  const sorted = <T extends string>(values: T[]) => [...new Set(values)].sort();
  return {
    ...input,
    search: cut(input.search),
    comfyNodeSearch: cut(input.comfyNodeSearch),
    page: pageNumber(input.page),
    limit: pageSize(input.limit, DEFAULT_LIMIT, MAX_LIMIT),
    os: sorted(input.os),
    accelerators: sorted(input.accelerators),
    publishers: sorted(input.publishers.map((p) => p.toLowerCase())),
    tags: sorted(input.tags.map((t) => t.toLowerCase())),
  };
}

/** The answer cache key of a normalised input: everything that shapes the answer. */
export function searchKey(input: SearchNodesInput): string {
  return JSON.stringify([
    input.search,
    input.page,
    input.limit,
    input.includeBanned,
    input.comfyNodeSearch,
    input.repositoryUrlSearch,
    input.os,
    input.accelerators,
    input.publishers,
    input.tags,
    input.sort,
  ]);
}

/**
 * One page of search hits in the `/nodes` envelope, each pack as `/nodes` shows it (with
 * publisher and latest version) plus `search_match`, and the ComfyUI classes the text names
 * (`core_comfy_nodes`). Expects a normalised input; `revision` is the engine's, read before
 * matching (see `PackCardCache`).
 */
export async function searchNodes(
  ctx: AppContext,
  services: SearchServices,
  input: SearchNodesInput,
  revision: number,
  timings: SearchTimings = { search: 0, load: 0, serialize: 0 },
): Promise<SearchNodesPageJson> {
  const page = input.page ?? 1;
  const limit = input.limit ?? DEFAULT_LIMIT;
  const began = performance.now();
  const result = await services.engine.search({
    text: input.search,
    comfyNodeText: input.comfyNodeSearch,
    repositoryText: input.repositoryUrlSearch,
    publisherIds: input.publishers,
    tags: input.tags,
    os: input.os,
    accelerators: input.accelerators,
    includeBanned: input.includeBanned,
    sort: input.sort,
    offset: pageOffset({ page, limit }),
    limit,
  });

  const searched = performance.now();
  timings.search = searched - began;
  const cards = await services.cards.get(
    revision,
    result.hits.map((h) => h.id),
    (ids) => loadCards(ctx, ids),
  );
  timings.load = performance.now() - searched;
  const nodes: SearchNodeJson[] = [];
  for (const hit of result.hits) {
    const card = cards.get(hit.id);
    // A pack deleted or banned between matching and loading is left out rather than shown stale.
    if (!card || card.status === 'NodeStatusDeleted' || (card.status === 'NodeStatusBanned' && !input.includeBanned)) {
      continue;
    }
    nodes.push(hit.match ? { ...card, search_match: toWire(hit.match) } : card);
  }
  const core = await coreClassesNamed(ctx.db, input.search.trim() !== '' ? input.search : input.comfyNodeSearch);
  return {
    ...pageEnvelope('nodes', nodes, result.total, { page, limit }),
    ...(core.length > 0 ? { core_comfy_nodes: core.map((name) => ({ name })) } : {}),
  };
}

/** Packs as a hit shows them, read from the database; ids not found are left out. */
async function loadCards(ctx: AppContext, ids: string[]): Promise<Map<string, PackCard>> {
  const rows = await loadPageRows(ctx.db, ids);
  const cards = new Map<string, PackCard>();
  for (const row of rows.nodes.values()) {
    const version = row.latest_version_id ? rows.versions.get(row.latest_version_id) : undefined;
    cards.set(
      row.id,
      serializeNode(row, {
        latestVersion: version ? presentVersion(ctx.storage, version, true) : undefined,
        publisher: { id: row.publisher_id, name: row.publisher_name },
      }),
    );
  }
  return cards;
}

/** Counts a search for popular-search suggestions: first pages of texts that found something. */
export function countSearch(ctx: AppContext, services: SearchServices, input: SearchNodesInput, total: number): void {
  if (input.page === 1 && total > 0 && input.search.trim() !== '' && ctx.config.search.SEARCH_COUNT_QUERIES) {
    services.queryLog.record(input.search);
  }
}

function toWire(match: HitMatch): SearchMatchJson {
  return {
    name: match.name,
    description: match.description,
    comfy_nodes: match.comfyNodes,
    comfy_nodes_matched: match.comfyNodesMatched,
    comfy_nodes_total: match.comfyNodesTotal,
  };
}
