import type { SearchSort } from '../engine.js';
import type { StoredPack } from './stored-pack.js';

/** Orders two candidates: negative when `a` comes first. */
export type Compare = (a: number, b: number) => number;

/**
 * The order of candidates `0..n-1` (`packOf(i)`, `relevanceOf(i)`) for a sort. Relevance sorts by
 * text relevance, then the admin's `search_ranking` (lower first), downloads and stars; the other
 * sorts put their figure first and fall back to that order. The id settles every remaining tie,
 * so pages never overlap.
 */
export function comparatorFor(
  sort: SearchSort,
  packOf: (i: number) => StoredPack,
  relevanceOf: (i: number) => number,
): Compare {
  const byRelevance: Compare = (a, b) => {
    const pa = packOf(a);
    const pb = packOf(b);
    return (
      relevanceOf(b) - relevanceOf(a) ||
      pa.searchRanking - pb.searchRanking ||
      pb.downloads - pa.downloads ||
      pb.stars - pa.stars ||
      (pa.sortId < pb.sortId ? -1 : pa.sortId > pb.sortId ? 1 : 0)
    );
  };
  const figure = FIGURES[sort];
  if (!figure) return byRelevance;
  return (a, b) => figure(packOf(b)) - figure(packOf(a)) || byRelevance(a, b);
}

const FIGURES: Record<SearchSort, ((pack: StoredPack) => number) | null> = {
  relevance: null,
  downloads: (p) => p.downloads,
  stars: (p) => p.stars,
  newest: (p) => p.createdMs,
  updated: (p) => p.updatedMs,
};

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
