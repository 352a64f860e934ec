import type { CatalogueIndex } from './catalogue-index.js';
import { forEachFuzzyMatch } from './fuzzy.js';

/** Index terms a query term stands for, and how well they match. */
export interface TermExpansion {
  /** Whole words: the term itself, or near misses. */
  words: { term: string; typos: number }[];
  /** Completions of the term as a prefix: the lists (`index.lists`) of the most common terms starting with it. */
  completions: number[];
  /** Completions of a one- or two-letter prefix: one list of packs (ids and names only). */
  shortCompletions: number | null;
}

/** What matched a query, for highlighting (see highlight.ts). */
export interface HighlightTerms {
  /** Whole-word matches: marked whole. */
  words: Set<string>;
  /**
   * Typed prefixes: words starting with one are marked as far as it goes. One- and two-letter
   * prefixes match ids and names only (`titleOnly`).
   */
  prefixes: { prefix: string; titleOnly: boolean }[];
}

export function newHighlightTerms(): HighlightTerms {
  return { words: new Set(), prefixes: [] };
}

export interface ExpandOptions {
  /**
   * Also match terms that start with this one: `always` (the word being typed), `unknown` only
   * when the term is not a word of the index itself (a partial word earlier in the query), or not.
   */
  prefix: 'always' | 'unknown' | false;
  /** Allow typos (scaled to the term's length). */
  typos: boolean;
}

/** Completions of a one- or two-letter prefix are looked for only in ids and names. */
const SHORT_PREFIX = 2;
/**
 * A prefix stands for at most this many terms, the ones in most packs: a few typed letters can
 * begin thousands of rare words (ids, class names), and those add cost, not useful hits.
 */
const MAX_COMPLETIONS = 100;

/** How many typos a query term may contain: none up to 3 characters, 1 up to 7, then 2; none in numbers. */
export function allowedTypos(term: string): number {
  if (term.length < 4 || /\d/.test(term)) return 0;
  return term.length < 8 ? 1 : 2;
}

/**
 * Every index term a query term matches: itself, its completions when typed as a prefix, and —
 * only when neither exists, so the term is probably misspelt — the terms within its typo budget.
 * Typos are looked for after the first letter (or with the first two letters swapped): people
 * rarely get the first letter wrong, and it keeps the walk to a small slice of the vocabulary.
 */
export function expandTerm(
  index: CatalogueIndex,
  term: string,
  options: ExpandOptions,
  highlight: HighlightTerms,
): TermExpansion {
  const words: TermExpansion['words'] = [];
  if (index.termList(term) !== undefined) words.push({ term, typos: 0 });
  let completions: number[] = [];
  let shortCompletions: number | null = null;
  const prefix = options.prefix === 'always' || (options.prefix === 'unknown' && words.length === 0);
  if (prefix && term.length <= SHORT_PREFIX) {
    shortCompletions = index.shortPrefixList(term) ?? null;
    if (shortCompletions !== null) highlight.prefixes.push({ prefix: term, titleOnly: true });
  } else if (prefix) {
    completions = mostCommonCompletions(index, term);
    if (completions.length > 0) highlight.prefixes.push({ prefix: term, titleOnly: false });
  }
  const typos =
    options.typos && words.length === 0 && completions.length === 0 && shortCompletions === null
      ? allowedTypos(term)
      : 0;
  if (typos > 0) {
    const all = index.vocabulary.all();
    const shared = index.vocabulary.shared();
    const visit = (candidate: string, distance: number) => {
      if (distance > 0) words.push({ term: candidate, typos: distance });
    };
    forEachFuzzyMatch(all, shared, term, typos, visit, index.vocabulary.prefixRange(term.slice(0, 1), true));
    if (term[0] !== term[1]) {
      forEachFuzzyMatch(all, shared, term, typos, visit, index.vocabulary.prefixRange(`${term[1]}${term[0]}`, true));
    }
  }
  for (const word of words) highlight.words.add(word.term);
  return { words, completions, shortCompletions };
}

/**
 * Completions found under the index revision they were found under: a few letters typed are the
 * start of many searches (`com`, `ima`), and finding the most common of a prefix's thousands of
 * completions costs more than matching them.
 */
const recentCompletions = new WeakMap<CatalogueIndex, { revision: number; lists: Map<string, number[]> }>();
const RECENT_COMPLETIONS = 2048;

/** The lists of the terms that start with `prefix` (not the prefix itself), most packs first. */
function mostCommonCompletions(index: CatalogueIndex, prefix: string): number[] {
  let recent = recentCompletions.get(index);
  if (!recent || recent.revision !== index.revision) {
    recent = { revision: index.revision, lists: new Map() };
    recentCompletions.set(index, recent);
  }
  let lists = recent.lists.get(prefix);
  if (!lists) {
    lists = findMostCommonCompletions(index, prefix);
    if (recent.lists.size >= RECENT_COMPLETIONS) recent.lists.clear();
    recent.lists.set(prefix, lists);
  }
  return lists;
}

function findMostCommonCompletions(index: CatalogueIndex, prefix: string): number[] {
  const [start, range] = index.vocabulary.prefixRange(prefix);
  // (A prefix of millions of terms is cut to the first 2^21 - 1, so positions fit in the keys.)
  const end = Math.min(range, start + POSITION_SPAN - 1);
  const lists = index.vocabulary.lists();
  if (end - start <= MAX_COMPLETIONS) return Array.from(lists.subarray(start, end));
  // The largest lists, alphabetically first among equals, as numeric keys
  // (size × 2^21 + 2^21 − 1 − position) kept in a min-heap of the best seen: most of a prefix's
  // thousands of terms are rare and cost one comparison with the heap's smallest.
  const sizes = index.lists.length;
  const heap = new MinHeap(MAX_COMPLETIONS);
  for (let i = start; i < end; i++) {
    heap.offer((sizes[lists[i] as number] as number) * POSITION_SPAN + (POSITION_SPAN - 1 - (i - start)));
  }
  const keys = heap.values().sort();
  const best: number[] = [];
  for (let k = keys.length - 1; k >= 0; k--) {
    best.push(lists[start + POSITION_SPAN - 1 - ((keys[k] as number) % POSITION_SPAN)] as number);
  }
  return best;
}

/** More terms than a vocabulary will hold under one prefix (2^21). */
const POSITION_SPAN = 2 ** 21;

/** The `capacity` largest numbers offered. */
class MinHeap {
  private readonly heap: Float64Array;
  private size = 0;

  constructor(capacity: number) {
    this.heap = new Float64Array(capacity);
  }

  offer(value: number): void {
    const heap = this.heap;
    if (this.size < heap.length) {
      let i = this.size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if ((heap[parent] as number) <= value) break;
        heap[i] = heap[parent] as number;
        i = parent;
      }
      heap[i] = value;
      return;
    }
    if (value <= (heap[0] as number)) return;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= this.size) break;
      const right = left + 1;
      const child = right < this.size && (heap[right] as number) < (heap[left] as number) ? right : left;
      if ((heap[child] as number) >= value) break;
      heap[i] = heap[child] as number;
      i = child;
    }
    heap[i] = value;
  }

  /** The numbers kept, in no order. */
  values(): Float64Array {
    return this.heap.subarray(0, this.size);
  }
}
