import { sharedPrefixLengths } from './fuzzy.js';

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
  lists(): Int32Array {
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

  private merge(): void {
    const order = this.pending.map((_, i) => i);
    const added = this.pending;
    order.sort((a, b) => ((added[a] as string) < (added[b] as string) ? -1 : 1));
    const total = this.sorted.length + added.length;
    const merged: string[] = new Array(total);
    const lists = new Int32Array(total);
    let i = 0;
    let j = 0;
    for (let k = 0; k < total; k++) {
      const next = order[j];
      if (next === undefined || (i < this.sorted.length && (this.sorted[i] as string) <= (added[next] as string))) {
        merged[k] = this.sorted[i] as string;
        lists[k] = this.sortedLists[i++] as number;
      } else {
        merged[k] = added[next] as string;
        lists[k] = this.pendingLists[next] as number;
        j++;
      }
    }
    this.sorted = merged;
    this.sortedLists = lists;
    this.sortedShared = null;
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
