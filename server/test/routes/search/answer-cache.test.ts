import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { changeCatalogue } from '../../helpers/catalogue.js';
import { ids, seedSearchPacks } from './seed.js';

async function search(t: TestApp, query: Record<string, string>, client = t.anon) {
  const res = await client.inject({ method: 'GET', url: '/nodes/search', query });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return {
    ids: ids(res.json()),
    body: res.body,
    cached: String(res.headers['server-timing']).includes('cache;desc=hit'),
  };
}

describe('GET /nodes/search answer cache', () => {
  it('answers a repeated search from memory until the index changes, then with the change', async () => {
    const t = await buildTestApp();
    await seedSearchPacks(t, [
      { id: 'first', node: { name: 'Glacier nodes' } },
      { id: 'second', node: { name: 'Glacier tools' } },
    ]);

    const built = await search(t, { search: 'glacier' });
    expect(built).toMatchObject({ ids: ['first', 'second'], cached: false });
    const repeated = await search(t, { search: 'glacier' });
    expect(repeated.cached).toBe(true);
    expect(repeated.body).toBe(built.body);
    // The same search with its defaults spelt out is the same answer.
    expect((await search(t, { search: 'glacier', page: '1', limit: '10' })).cached).toBe(true);

    await changeCatalogue(t, ['second'], (db) =>
      db.updateTable('nodes').set({ name: 'Volcano tools' }).where('id', '=', 'second').execute(),
    );
    expect(await search(t, { search: 'glacier' })).toMatchObject({ ids: ['first'], cached: false });
  });

  it("never gives an admin's answer with banned packs to anyone else", async () => {
    const t = await buildTestApp();
    await seedSearchPacks(t, [
      { id: 'live', node: { name: 'Depth live' } },
      { id: 'banned', node: { name: 'Depth banned', status: 'NodeStatusBanned' } },
    ]);
    const admin = await t.as(await t.factories.admin());
    const user = await t.as(await t.factories.user());

    expect((await search(t, { search: 'depth', include_banned: 'true' }, admin)).ids.sort()).toEqual([
      'banned',
      'live',
    ]);
    expect((await search(t, { search: 'depth', include_banned: 'true' }, user)).ids).toEqual(['live']);
    expect((await search(t, { search: 'depth', include_banned: 'true' })).ids).toEqual(['live']);
  });

  it('compresses a new answer quickly, and an answer asked for again as small as usual', async () => {
    const t = await buildTestApp();
    // Descriptions varied enough that compression settings make a difference.
    const words = ['amber', 'basalt', 'cobalt', 'drift', 'ember', 'fjord', 'granite', 'harbor', 'indigo', 'juniper'];
    const description = (i: number) =>
      Array.from({ length: 40 }, (_, w) => `${words[(i * 7 + w * w) % words.length]}${(i * 31 + w * 17) % 97}`).join(
        ' ',
      );
    await seedSearchPacks(
      t,
      Array.from({ length: 30 }, (_, i) => ({
        id: `lantern-${i}`,
        node: { name: `Lantern tools ${i}`, description: `Lantern ${description(i)}` },
      })),
    );
    const ask = async (encoding: 'br' | 'gzip') => {
      const res = await t.anon.inject({
        method: 'GET',
        url: '/nodes/search',
        // A search of its own per encoding: each is built (and first compressed) once.
        query: { search: 'lantern', limit: '30', sort: encoding === 'br' ? 'relevance' : 'downloads' },
        headers: { 'accept-encoding': encoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      const body = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
      return { bytes: res.rawPayload.length, answer: JSON.parse(body.toString()) as { nodes: unknown[] } };
    };
    for (const encoding of ['br', 'gzip'] as const) {
      const first = await ask(encoding);
      const again = await ask(encoding);
      const third = await ask(encoding);
      expect(first.answer.nodes).toHaveLength(30);
      expect(again.answer).toEqual(first.answer);
      expect(again.bytes).toBeLessThan(first.bytes);
      expect(third.bytes).toBe(again.bytes);
    }
  });
});
