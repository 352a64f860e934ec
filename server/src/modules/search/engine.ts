import type { AcceleratorFamily, OsFamily } from './filters.js';

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

/** What `GET /nodes/search/suggestions` offers from pack names. */
export interface PackSuggestion {
  id: string;
  name: string;
}

export type SearchSort = 'relevance' | 'downloads' | 'stars' | 'newest' | 'updated';

/** A search request with every parameter validated and normalised. */
export interface SearchQuery {
  /** Free text over every field; empty means "the whole catalogue". */
  text: string;
  /** Text matched against comfy-node class and display names only. */
  comfyNodeText: string;
  /** Packs whose repository URL contains this (compared normalised: no scheme, lower case). */
  repositoryText: string;
  /** Any of these publishers (empty: any). */
  publisherIds: string[];
  /** Every one of these tags (case-insensitive; empty: any). */
  tags: string[];
  /** Any of these operating systems (empty: any). */
  os: OsFamily[];
  /** Any of these accelerators (empty: any). */
  accelerators: AcceleratorFamily[];
  /** Whether banned packs may appear (admins only; deleted packs never do). */
  includeBanned: boolean;
  sort: SearchSort;
  offset: number;
  limit: number;
}

/** A span of a string: UTF-16 offsets, `start` inclusive, `end` exclusive. */
export interface TextRange {
  start: number;
  end: number;
}

/** Why a pack matched: spans to highlight and the comfy-node classes that matched. */
export interface HitMatch {
  name: TextRange[];
  description: TextRange[];
  /** Matching classes of the latest version (or of the imported catalogue), best first, at most 10. */
  comfyNodes: { name: string; ranges: TextRange[] }[];
  comfyNodesMatched: number;
  comfyNodesTotal: number;
}

export interface SearchHit {
  id: string;
  /** Absent when the query had no text to match. */
  match?: HitMatch;
}

export interface SearchPage {
  /** Every pack that matched, across all pages. */
  total: number;
  hits: SearchHit[];
}

export interface SearchStats {
  packs: number;
  terms: number;
  /** Milliseconds the last full build took. */
  buildMs: number;
  /** The first full build finished: searches answer from the whole catalogue (readiness checks). */
  built: boolean;
  /** The index was read back from where it was saved rather than built from the database. */
  restored: boolean;
  /** Highest change-feed id applied. */
  watermark: number;
}
