/**
 * A set of terms kept in sorted order, for prefix ranges and typo-tolerant lookups. New terms are
 * buffered and merged in on the next read, so indexing thousands of packs in a row costs one
 * sort, not one array splice per new term.
 */
export class SortedTerms {
  private sorted: string[] = [];
  private pending: string[] = [];

  /** Adds a term not added before (the caller keeps terms unique). */
  add(term: string): void {
    this.pending.push(term);
  }

  /** Replaces the whole set (after a compaction). */
  reset(terms: string[]): void {
    this.sorted = terms.sort();
    this.pending = [];
  }

  get size(): number {
    return this.sorted.length + this.pending.length;
  }

  /** Every term, sorted. */
  all(): readonly string[] {
    if (this.pending.length > 0) this.merge();
    return this.sorted;
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
    const added = this.pending.sort();
    const merged: string[] = new Array(this.sorted.length + added.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < this.sorted.length && j < added.length) {
      merged[k++] =
        (this.sorted[i] as string) <= (added[j] as string) ? (this.sorted[i++] as string) : (added[j++] as string);
    }
    while (i < this.sorted.length) merged[k++] = this.sorted[i++] as string;
    while (j < added.length) merged[k++] = added[j++] as string;
    this.sorted = merged;
    this.pending = [];
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
