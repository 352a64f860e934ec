import type { AcceleratorFamily, OsFamily } from './filters.js';

/**
 * What the index is asked and what it answers: the query, a page of hits with what matched, and
 * its size figures. The registry's `SearchEngine` contract (`modules/search/engine.ts`) is written
 * in these types, so any engine behind it answers the same shapes.
 */
/** What `GET /nodes/search/suggestions` offers from pack names. */
export interface PackSuggestion {
  id: string;
  name: string;
}

/** The orders the index can give a page in; `GET /nodes/search` offers exactly these. */
export const SEARCH_SORTS = ['relevance', 'downloads', 'stars', 'newest', 'updated'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

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
