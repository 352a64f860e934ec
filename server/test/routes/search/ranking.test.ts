import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { ids, seedSearchPacks } from './seed.js';

async function search(t: TestApp, query: Record<string, string>): Promise<string[]> {
  const res = await t.anon.inject({ method: 'GET', url: '/nodes/search', query });
  expect(res.statusCode).toBe(200);
  return ids(res.json());
}

describe('GET /nodes/search ranking', () => {
  it('weighs the name above comfy-node classes above the description, whatever the popularity', async () => {
    const t = await buildTestApp();
    await seedSearchPacks(t, [
      { id: 'in-description', node: { name: 'Alpha', description: 'Has an upscaler inside', github_stars: 9000 } },
      { id: 'in-class', node: { name: 'Beta', github_stars: 500 }, classes: ['UpscalerLoader'] },
      { id: 'in-name', node: { name: 'Upscaler Nodes', github_stars: 1 } },
    ]);
    expect(await search(t, { search: 'upscaler' })).toEqual(['in-name', 'in-class', 'in-description']);
  });

  it('breaks ties by search_ranking (lower first, unset = 5), then by downloads and stars weighed together', async () => {
    const t = await buildTestApp();
    await seedSearchPacks(t, [
      { id: 'plain-a', node: { name: 'Mask tools A', downloads: 10, github_stars: 5 } },
      { id: 'plain-b', node: { name: 'Mask tools B', downloads: 10, github_stars: 50 } },
      { id: 'downloaded', node: { name: 'Mask tools C', downloads: 500 } },
      { id: 'ranked-up', node: { name: 'Mask tools D', search_ranking: 2 } },
      { id: 'ranked-down', node: { name: 'Mask tools E', search_ranking: 9, downloads: 10_000 } },
    ]);
    // ln(1 + downloads) + ln(1 + stars): plain-b 6.33 > downloaded 6.22 > plain-a 4.19.
    expect(await search(t, { search: 'mask tools' })).toEqual([
      'ranked-up',
      'plain-b',
      'downloaded',
      'plain-a',
      'ranked-down',
    ]);
  });

  it('puts a much-starred pack without downloads above one with a few downloads and no stars', async () => {
    const t = await buildTestApp();
    await seedSearchPacks(t, [
      { id: 'few-downloads', node: { name: 'Depth estimator A', downloads: 12 } },
      { id: 'imported-starred', node: { name: 'Depth estimator B', github_stars: 2400 } },
      { id: 'unknown', node: { name: 'Depth estimator C' } },
    ]);
    expect(await search(t, { search: 'depth estimator' })).toEqual(['imported-starred', 'few-downloads', 'unknown']);
    // Without search text, the same rule orders the catalogue.
    expect(await search(t, {})).toEqual(['imported-starred', 'few-downloads', 'unknown']);
  });

  it('sorts by downloads, stars, newest or recently updated on request, relevance breaking ties', async () => {
    const t = await buildTestApp();
    await seedSearchPacks(t, [
      {
        id: 'old-popular',
        node: {
          name: 'Video A',
          downloads: 900,
          github_stars: 1,
          created_at: '2024-01-01T00:00:00.000Z',
          updated_at: '2024-02-01T00:00:00.000Z',
        },
      },
      {
        id: 'new-starred',
        node: {
          name: 'Video B',
          downloads: 5,
          github_stars: 800,
          created_at: '2025-06-01T00:00:00.000Z',
          updated_at: '2025-06-02T00:00:00.000Z',
        },
      },
      {
        id: 'middle-updated',
        node: {
          name: 'Video C',
          downloads: 50,
          github_stars: 80,
          created_at: '2024-06-01T00:00:00.000Z',
          updated_at: '2026-01-01T00:00:00.000Z',
        },
      },
    ]);
    expect(await search(t, { search: 'video', sort: 'downloads' })).toEqual([
      'old-popular',
      'middle-updated',
      'new-starred',
    ]);
    expect(await search(t, { search: 'video', sort: 'stars' })).toEqual([
      'new-starred',
      'middle-updated',
      'old-popular',
    ]);
    expect(await search(t, { search: 'video', sort: 'newest' })).toEqual([
      'new-starred',
      'middle-updated',
      'old-popular',
    ]);
    expect(await search(t, { search: 'video', sort: 'updated' })).toEqual([
      'middle-updated',
      'new-starred',
      'old-popular',
    ]);
    expect(await search(t, { sort: 'STARS' })).toEqual(['new-starred', 'middle-updated', 'old-popular']);
  });

  it('lists the whole catalogue by ranking, downloads and stars when there is no search text', async () => {
    const t = await buildTestApp();
    await seedSearchPacks(t, [
      { id: 'b', node: { name: 'B', downloads: 3 } },
      { id: 'a', node: { name: 'A', downloads: 3 } },
      { id: 'top', node: { name: 'Top', search_ranking: 1 } },
      { id: 'popular', node: { name: 'Popular', downloads: 99 } },
    ]);
    const res = await t.anon.get('/nodes/search');
    expect(res.json()).toMatchObject({ total: 4, page: 1, limit: 10, totalPages: 1 });
    expect(ids(res.json())).toEqual(['top', 'popular', 'a', 'b']);
    expect(res.json().nodes[0].search_match).toBeUndefined();
  });

  it('pages through results without overlap and reports the totals', async () => {
    const t = await buildTestApp();
    await seedSearchPacks(
      t,
      Array.from({ length: 7 }, (_, i) => ({
        id: `lora-${i}`,
        node: { name: `Lora loader ${i}`, downloads: 100 - i },
      })),
    );
    const pages = [];
    for (const page of ['1', '2', '3']) {
      const res = await t.anon.inject({
        method: 'GET',
        url: '/nodes/search',
        query: { search: 'lora', limit: '3', page },
      });
      expect(res.json()).toMatchObject({ total: 7, limit: 3, totalPages: 3, page: Number(page) });
      pages.push(...ids(res.json()));
    }
    expect(pages).toEqual(['lora-0', 'lora-1', 'lora-2', 'lora-3', 'lora-4', 'lora-5', 'lora-6']);
  });
});
