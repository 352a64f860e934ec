import type { BenchContext, LoadResult } from './suite.js';

/** One endpoint measured against the ceiling serving the same bytes. */
export interface CeilingComparison {
  server: LoadResult;
  ceiling: LoadResult;
  /** server req/s ÷ ceiling req/s. */
  ratio: number;
}

/**
 * Loads `paths` on the registry, then the same paths on a bare server answering the bytes the
 * registry gave for them. Reusable by any suite that reads fixed URLs.
 */
export async function compareWithCeiling(ctx: BenchContext, url: string, paths: string[]): Promise<CeilingComparison> {
  const ceilingServer = await ctx.ceilingFor(url, paths);
  try {
    const server = await ctx.load({ url, paths });
    const ceiling = await ctx.load({ url: ceilingServer.url, paths });
    return { server, ceiling, ratio: server.requestsPerSecond / Math.max(ceiling.requestsPerSecond, 1) };
  } finally {
    await ceilingServer.stop();
  }
}

/** Up to `count` items spread evenly over `items` (first and last included), keeping their order. */
export function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  const step = (items.length - 1) / (count - 1);
  return Array.from({ length: count }, (_, i) => items[Math.round(i * step)] as T);
}

/** Rounds to `digits` decimals for a results table. */
export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** A fraction as a percentage string, e.g. `0.734` → `73%`. */
export function percent(fraction: number): string {
  return `${Math.round(fraction * 100)}%`;
}
