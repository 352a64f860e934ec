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
    const visit = (candidate: string, distance: number) => {
      if (distance > 0) words.push({ term: candidate, typos: distance });
    };
    forEachFuzzyMatch(all, term, typos, visit, index.vocabulary.prefixRange(term.slice(0, 1), true));
    if (term[0] !== term[1]) {
      forEachFuzzyMatch(all, term, typos, visit, index.vocabulary.prefixRange(`${term[1]}${term[0]}`, true));
    }
  }
  for (const word of words) highlight.words.add(word.term);
  return { words, completions, shortCompletions };
}

/** The lists of the terms that start with `prefix` (not the prefix itself), most packs first. */
function mostCommonCompletions(index: CatalogueIndex, prefix: string): number[] {
  const [start, end] = index.vocabulary.prefixRange(prefix);
  const terms = index.vocabulary.all();
  const lists: number[] = [];
  for (let i = start; i < end; i++) {
    const list = index.termList(terms[i] as string);
    if (list !== undefined) lists.push(list);
  }
  if (lists.length <= MAX_COMPLETIONS) return lists;
  const sizes = index.lists.length;
  return lists.sort((a, b) => (sizes[b] as number) - (sizes[a] as number)).slice(0, MAX_COMPLETIONS);
}
