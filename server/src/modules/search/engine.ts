import type { PackSuggestion, SearchPage, SearchQuery, SearchStats } from '../../engines/search-index/query.js';

/**
 * The search contract. The registry talks to search only through this interface, so a dedicated
 * engine (Meilisearch, OpenSearch) can replace the in-process one without touching routes or
 * services. Every implementation must pass test/search/engine-contract.test.ts.
 */
export interface SearchEngine {
  /** Loads the catalogue and starts following changes; resolves once searches can be answered. */
  start(): Promise<void>;
  /** Stops following changes and waits for work in flight. */
  stop(): Promise<void>;
  /** Brings these packs up to date now (called after a write on this instance). */
  refresh(nodeIds: readonly string[]): Promise<void>;
  /** One page of packs matching the query, best first. */
  search(query: SearchQuery): Promise<SearchPage>;
  /** Packs whose id or name starts with the text as typed, best first. */
  suggestPacks(text: string, limit: number): Promise<PackSuggestion[]>;
  /**
   * A number that changes whenever an answer may change (a pack indexed or removed, ordering
   * figures refreshed). Resolves once updates already announced are applied, so an answer built
   * after reading it is at least as current as the revision says.
   */
  revision(): Promise<number>;
  /** Size and freshness figures for health checks and benchmarks. */
  stats(): SearchStats;
}

export type {
  HitMatch,
  PackSuggestion,
  SearchHit,
  SearchPage,
  SearchQuery,
  SearchSort,
  SearchStats,
  TextRange,
} from '../../engines/search-index/query.js';
