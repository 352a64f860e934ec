import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RealCatalogueApp, startOnRealCatalogue } from './real-catalogue.js';
import { RELEVANCE_CASES } from './relevance-cases.js';

/**
 * Relevance on the real catalogue: for each query a user would type, the packs they mean must be
 * in the top 3. The suite reports the hit rate (and every miss) and requires at least 95%.
 */
describe('search relevance on the real ComfyUI-Manager catalogue', () => {
  let real: RealCatalogueApp;

  beforeAll(async () => {
    real = await startOnRealCatalogue();
  }, 400_000);
  afterAll(async () => {
    await real?.close();
  });

  it('has at least 40 queries of every kind', () => {
    expect(RELEVANCE_CASES.length).toBeGreaterThanOrEqual(40);
    const kinds = new Set(RELEVANCE_CASES.map((c) => c.kind));
    expect([...kinds].sort()).toEqual(['class', 'misspelling', 'name', 'partial', 'repository', 'script', 'spelling']);
  });

  it('puts the wanted packs in the top 3 for at least 95% of the queries', async () => {
    const misses: string[] = [];
    for (const { query, top3 } of RELEVANCE_CASES) {
      const res = await real.app.inject({ method: 'GET', url: '/nodes/search', query: { search: query, limit: '3' } });
      expect(res.statusCode).toBe(200);
      const got = (res.json() as { nodes: { id: string }[] }).nodes.map((n) => n.id);
      if (!top3.every((id) => got.includes(id)))
        misses.push(`${JSON.stringify(query)}: wanted ${top3.join(', ')}, got ${got.join(', ')}`);
    }
    const hitRate = (RELEVANCE_CASES.length - misses.length) / RELEVANCE_CASES.length;
    console.info(
      `search relevance: top-3 hit rate ${(hitRate * 100).toFixed(1)}% (${RELEVANCE_CASES.length - misses.length}/${RELEVANCE_CASES.length}); index ready ${Math.round(real.startMs)} ms after start (build ${real.ctx.search.stats().buildMs} ms)`,
      ...misses.map((m) => `\n  miss ${m}`),
    );
    expect(hitRate).toBeGreaterThanOrEqual(0.95);
  });

  // How fast the index builds is measured by the search benchmark (npm run bench), not here.
  it('indexes every pack of the real catalogue at start-up', () => {
    expect(real.ctx.search.stats().packs).toBe(5883);
  });
});
