import { cappedSharedPrefix, sharedPrefixLengths } from './fuzzy.js';

/**
 * A set of terms kept in sorted order with each term's postings list, for prefix ranges and
 * typo-tolerant lookups: the lists of a prefix's thousands of completions are read from an array
 * side by side with the terms rather than looked up one by one. New terms are buffered and merged
 * in on the next read, so indexing thousands of packs in a row costs one sort, not one array
 * splice per new term.
 */
export class SortedTerms {
  private sorted: string[] = [];
  private sortedLists = new Int32Array(0);
  /** `sharedPrefixLengths` of `sorted`, made when a typo lookup first needs it after a change. */
  private sortedShared: Uint8Array | null = null;
  private pending: string[] = [];
  private pendingLists: number[] = [];

  /** Adds a term not added before (the caller keeps terms unique) and its list. */
  add(term: string, list: number): void {
    this.pending.push(term);
    this.pendingLists.push(list);
  }

  /** Replaces the whole set by every term of `lists` (after the lists were renumbered or dropped). */
  reset(lists: ReadonlyMap<string, number>): void {
    this.sorted = [...lists.keys()].sort();
    this.sortedLists = Int32Array.from(this.sorted, (term) => lists.get(term) as number);
    this.sortedShared = null;
    this.pending = [];
    this.pendingLists = [];
  }

  /** Takes over terms already sorted and unique, with their lists at the same positions. */
  restore(sorted: string[], lists: Int32Array<ArrayBuffer>): void {
    this.sorted = sorted;
    this.sortedLists = lists;
    this.sortedShared = null;
    this.pending = [];
    this.pendingLists = [];
  }

  get size(): number {
    return this.sorted.length + this.pending.length;
  }

  /** Every term, sorted. */
  all(): readonly string[] {
    if (this.pending.length > 0) this.merge();
    return this.sorted;
  }

  /** How many leading characters each term of `all()` shares with the one before it. */
  shared(): Uint8Array {
    const terms = this.all();
    this.sortedShared ??= sharedPrefixLengths(terms);
    return this.sortedShared;
  }

  /** The list of each term of `all()`, at the same positions. */
  lists(): Int32Array<ArrayBuffer> {
    if (this.pending.length > 0) this.merge();
    return this.sortedLists;
  }

  /**
   * Where the terms that start with `prefix` sit in `all()`: `[start, end)`, the prefix itself
   * excluded unless `inclusive`. Indices only, so a wide range costs nothing to describe.
   */
  prefixRange(prefix: string, inclusive = false): [number, number] {
    const terms = this.all();
    const from = lowerBound(terms, prefix, 0);
    const to = lowerBound(terms, `${prefix}\uffff`, from);
    return [!inclusive && terms[from] === prefix ? from + 1 : from, to];
  }

  /**
   * Puts the pending terms in place. Most merges add a few terms to hundreds of thousands (a
   * publish, an edit), so old terms are copied over in runs, each new term's place is found by
   * binary search, and only the prefixes shared with new neighbours are compared: comparing every
   * old term with the next new one took about 65 ms at 100k packs.
   */
  private merge(): void {
    const added = this.pending;
    const addedLists = this.pendingLists;
    const order = added.map((_, i) => i).sort((a, b) => ((added[a] as string) < (added[b] as string) ? -1 : 1));
    const old = this.sorted;
    const oldLists = this.sortedLists;
    const oldShared = this.sortedShared;
    const total = old.length + added.length;
    const merged: string[] = new Array(total);
    const lists = new Int32Array(total);
    const shared = oldShared ? new Uint8Array(total) : null;
    let from = 0;
    let out = 0;
    const copyOld = (to: number) => {
      for (let i = from; i < to; i++) merged[out + i - from] = old[i] as string;
      lists.set(oldLists.subarray(from, to), out);
      shared?.set((oldShared as Uint8Array).subarray(from, to), out);
      out += to - from;
      from = to;
    };
    const inserted: number[] = [];
    for (const a of order) {
      const term = added[a] as string;
      copyOld(lowerBound(old, term, from));
      merged[out] = term;
      lists[out] = addedLists[a] as number;
      inserted.push(out++);
    }
    copyOld(old.length);
    if (shared) {
      for (const k of inserted) {
        if (k > 0) shared[k] = cappedSharedPrefix(merged[k - 1] as string, merged[k] as string);
        if (k + 1 < total) shared[k + 1] = cappedSharedPrefix(merged[k] as string, merged[k + 1] as string);
      }
    }
    this.sorted = merged;
    this.sortedLists = lists;
    this.sortedShared = shared;
    this.pending = [];
    this.pendingLists = [];
  }
}

/** First index at or after `from` whose term is not less than `key`. */
export function lowerBound(terms: readonly string[], key: string, from: number): number {
  let lo = from;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((terms[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
