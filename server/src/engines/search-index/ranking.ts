import type { SearchSort } from './query.js';
import type { SlotTable } from './slot-table.js';

/** Orders two candidates: negative when `a` comes first. */
export type Compare = (a: number, b: number) => number;

/**
 * The order of candidates `0..n-1` (pack `slots[i]`, relevance `relevance[i]`) for a sort.
 * Relevance sorts by text relevance, then the admin's `search_ranking` (lower first), then
 * downloads and stars weighed together (one `popularity` number, see `popularityKey`); the other sorts put their figure first and fall back to
 * that order. The id settles every remaining tie, so pages never overlap.
 */
export function comparatorFor(
  sort: SearchSort,
  slots: Int32Array,
  relevance: Float64Array,
  table: SlotTable,
  sortIdOf: (slot: number) => string,
): Compare {
  const popularity = table.popularity;
  const byRelevance: Compare = (a, b) => {
    const sa = slots[a] as number;
    const sb = slots[b] as number;
    const difference =
      (relevance[b] as number) - (relevance[a] as number) || (popularity[sb] as number) - (popularity[sa] as number);
    if (difference !== 0) return difference;
    const ia = sortIdOf(sa);
    const ib = sortIdOf(sb);
    return ia < ib ? -1 : ia > ib ? 1 : 0;
  };
  const figure = figureOf(sort, table);
  if (!figure) return byRelevance;
  return (a, b) => (figure[slots[b] as number] as number) - (figure[slots[a] as number] as number) || byRelevance(a, b);
}

function figureOf(sort: SearchSort, table: SlotTable): Float64Array | null {
  switch (sort) {
    case 'downloads':
      return table.downloads;
    case 'stars':
      return table.stars;
    case 'newest':
      return table.createdMs;
    case 'updated':
      return table.updatedMs;
    default:
      return null;
  }
}

/** The first `k` of `0..n-1` in order: a bounded heap when `k` is much smaller than `n`. */
export function topK(n: number, k: number, compare: Compare): number[] {
  if (k <= 0 || n === 0) return [];
  if (n <= 256 || k * 4 >= n) {
    const all = Array.from({ length: n }, (_, i) => i);
    all.sort(compare);
    return all.slice(0, k);
  }
  // Max-heap on "comes later": the root is the worst of the best k seen so far.
  const heap: number[] = [];
  const later = (a: number, b: number) => compare(a, b) > 0;
  const siftUp = (at: number) => {
    let i = at;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!later(heap[i] as number, heap[parent] as number)) break;
      [heap[i], heap[parent]] = [heap[parent] as number, heap[i] as number];
      i = parent;
    }
  };
  const siftDown = () => {
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let worst = i;
      if (left < heap.length && later(heap[left] as number, heap[worst] as number)) worst = left;
      if (right < heap.length && later(heap[right] as number, heap[worst] as number)) worst = right;
      if (worst === i) return;
      [heap[i], heap[worst]] = [heap[worst] as number, heap[i] as number];
      i = worst;
    }
  };
  for (let i = 0; i < n; i++) {
    if (heap.length < k) {
      heap.push(i);
      siftUp(heap.length - 1);
    } else if (compare(i, heap[0] as number) < 0) {
      heap[0] = i;
      siftDown();
    }
  }
  return heap.sort(compare);
}
