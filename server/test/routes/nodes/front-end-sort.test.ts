import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { seedPack } from '../../helpers/catalogue.js';

type Page = { total: number; nodes: { id: string }[] };

/** The browse menu of the ComfyUI front end sends `sort=<field>[;desc]` with these fields. */
describe('GET /nodes with the ComfyUI front end sort values', () => {
  async function catalogue(): Promise<TestApp> {
    const t = await buildTestApp();
    const zed = await t.factories.publisher({ id: 'zed', name: 'Zed Labs' });
    const acme = await t.factories.publisher({ id: 'acme', name: 'acme' });
    const mid = await t.factories.publisher({ id: 'mid', name: 'Mid Co' });
    await seedPack(t, {
      id: 'alpha',
      publisher: zed,
      node: { name: 'Zeta', downloads: 5, updated_at: '2024-02-01T00:00:00.000Z' },
    });
    await seedPack(t, {
      id: 'beta',
      publisher: acme,
      node: { name: 'alpha', downloads: 50, updated_at: '2024-01-15T00:00:00.000Z' },
    });
    await seedPack(t, {
      id: 'gamma',
      publisher: mid,
      node: { name: 'Mid', downloads: 20, updated_at: '2024-06-01T00:00:00.000Z' },
    });
    return t;
  }

  it.each([
    ['total_install', ['beta', 'gamma', 'alpha']],
    ['total_install;desc', ['beta', 'gamma', 'alpha']],
    ['total_install;asc', ['alpha', 'gamma', 'beta']],
    ['name', ['beta', 'gamma', 'alpha']],
    ['name;desc', ['alpha', 'gamma', 'beta']],
    ['publisher_name', ['beta', 'gamma', 'alpha']],
    ['publisher_name;asc', ['beta', 'gamma', 'alpha']],
    ['publisher_name;desc', ['alpha', 'gamma', 'beta']],
    ['last_updated', ['gamma', 'alpha', 'beta']],
    ['last_updated;desc', ['gamma', 'alpha', 'beta']],
    ['last_updated;asc', ['beta', 'alpha', 'gamma']],
  ])('sort=%s', async (sort, expected) => {
    const t = await catalogue();
    // As the front end sends it: limit and page first, the sort value URL-encoded.
    const res = await t.anon.get(`/nodes?limit=64&page=1&sort=${encodeURIComponent(sort)}`, {
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Page;
    expect(body.nodes.map((n) => n.id)).toEqual(expected);
    expect(body.total).toBe(3);
  });

  it.each([
    ['publisher_id', ['by-aaa', 'by-mmm', 'by-zzz']],
    ['publisher_id;asc', ['by-aaa', 'by-mmm', 'by-zzz']],
    ['publisher_id;desc', ['by-zzz', 'by-mmm', 'by-aaa']],
  ])('sort=%s orders by the publisher id column, not its name', async (sort, expected) => {
    const t = await buildTestApp();
    // Ids and display names in opposite orders.
    for (const [id, name] of [
      ['zzz', 'Alpha Works'],
      ['aaa', 'Zulu Nodes'],
      ['mmm', 'Mike'],
    ] as const) {
      const publisher = await t.factories.publisher({ id, name });
      await seedPack(t, { id: `by-${id}`, publisher });
    }
    const res = await t.anon.get(`/nodes?limit=16&page=1&sort=${encodeURIComponent(sort)}`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as Page).nodes.map((n) => n.id)).toEqual(expected);
  });

  it('breaks ties in publisher order by the default order', async () => {
    const t = await buildTestApp();
    const acme = await t.factories.publisher({ id: 'acme', name: 'ACME' });
    await seedPack(t, { id: 'one', publisher: acme, node: { downloads: 1 } });
    await seedPack(t, { id: 'two', publisher: acme, node: { downloads: 9 } });
    await seedPack(t, { id: 'three', publisher: acme, node: { downloads: 9, search_ranking: 1 } });
    const res = await t.anon.get('/nodes?sort=publisher_name');
    expect((res.json() as Page).nodes.map((n) => n.id)).toEqual(['three', 'two', 'one']);
  });
});
