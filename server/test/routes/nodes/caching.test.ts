import { describe, expect, it, vi } from 'vitest';
import { catalogueCache } from '../../../src/modules/nodes/cache/catalogue-cache.js';
import { buildTestApp } from '../../helpers/app.js';
import { changeCatalogue, seedPack } from '../../helpers/catalogue.js';

describe('HTTP caching of catalogue reads', () => {
  it.each(['/nodes?limit=5', '/nodes/hello', '/nodes/hello/versions', '/nodes/hello/versions/1.0.0'])(
    '%s answers 304 to a matching If-None-Match and 200 otherwise',
    async (url) => {
      const t = await buildTestApp();
      await seedPack(t, { id: 'hello', versions: [{ version: '1.0.0' }] });

      const first = await t.anon.get(url);
      const etag = first.headers.etag as string;
      expect(first.statusCode).toBe(200);
      expect(etag).toMatch(/^"[\w-]+"$/);

      const revalidated = await t.anon.get(url, { 'if-none-match': etag });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.body).toBe('');
      expect(revalidated.headers.etag).toBe(etag);
      expect((await t.anon.get(url, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
      expect((await t.anon.get(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    },
  );

  it('is fresh right after a write on this instance', async () => {
    const t = await buildTestApp({ CATALOGUE_POLL_MS: '60000' });
    await seedPack(t, { id: 'hello', node: { name: 'Before' }, versions: [{ version: '1.0.0' }] });
    const before = await t.anon.get('/nodes');
    const beforePack = await t.anon.get('/nodes/hello');
    expect(before.json().nodes[0].name).toBe('Before');

    await changeCatalogue(t, ['hello'], async (db) => {
      await db.updateTable('nodes').set({ name: 'After' }).where('id', '=', 'hello').execute();
      await db
        .insertInto('node_versions')
        .values({ id: 'v2', node_id: 'hello', version: '2.0.0', publisher_id: before.json().nodes[0].publisher.id })
        .execute();
      await db.updateTable('node_versions').set({ status: 'NodeVersionStatusActive' }).where('id', '=', 'v2').execute();
    });

    const after = await t.anon.get('/nodes', { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json().nodes[0]).toMatchObject({ name: 'After', latest_version: { version: '2.0.0' } });
    const afterPack = await t.anon.get('/nodes/hello', { 'if-none-match': beforePack.headers.etag as string });
    expect(afterPack.statusCode).toBe(200);
    expect(afterPack.json().name).toBe('After');
  });

  it('notices writes of other instances through the change feed', async () => {
    const t = await buildTestApp({ CATALOGUE_POLL_MS: '0' });
    await seedPack(t, { id: 'hello', node: { name: 'Before' } });
    expect((await t.anon.get('/nodes/hello')).json().name).toBe('Before');

    // Another instance's write: recorded in catalogue_changes, but no event reaches this process.
    await changeCatalogue(
      t,
      ['hello'],
      (db) => db.updateTable('nodes').set({ name: 'Elsewhere' }).where('id', '=', 'hello').execute(),
      { announce: false },
    );

    expect((await t.anon.get('/nodes/hello')).json().name).toBe('Elsewhere');
  });

  it('reuses answers while nothing changed, so download counters may lag by up to the maximum age', async () => {
    const t = await buildTestApp({ CATALOGUE_CACHE_MAX_AGE_MS: '600000' });
    await seedPack(t, { id: 'hello', versions: [{ version: '1.0.0' }] });
    // An answer is kept from the second time it is asked for.
    await t.anon.get('/nodes');
    const first = await t.anon.get('/nodes');
    expect(first.json().nodes[0].downloads).toBe(0);

    // Installs are not catalogue changes: the cached page keeps the old counter until it expires.
    expect((await t.anon.get('/nodes/hello/install')).statusCode).toBe(200);
    const second = await t.anon.get('/nodes');
    expect(second.json().nodes[0].downloads).toBe(0);
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it('rebuilds every answer once the maximum age has passed', async () => {
    const t = await buildTestApp({ CATALOGUE_CACHE_MAX_AGE_MS: '0' });
    await seedPack(t, { id: 'hello', versions: [{ version: '1.0.0' }] });
    expect((await t.anon.get('/nodes')).json().nodes[0].downloads).toBe(0);

    expect((await t.anon.get('/nodes/hello/install')).statusCode).toBe(200);

    expect((await t.anon.get('/nodes')).json().nodes[0].downloads).toBe(1);
  });

  it('GET /nodes/{id} catches up with installs once the maximum age has passed, also for a revalidating client', async () => {
    const t = await buildTestApp({ CATALOGUE_CACHE_MAX_AGE_MS: '5000' });
    await seedPack(t, { id: 'hello', versions: [{ version: '1.0.0' }] });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await t.anon.get('/nodes/hello'); // kept from the second request on
      const before = await t.anon.get('/nodes/hello');
      expect(before.json().downloads).toBe(0);
      const etag = before.headers.etag as string;

      expect((await t.anon.get('/nodes/hello/install')).statusCode).toBe(200);
      // The per-day counts are read live; the cached pack answer may lag for up to the maximum age.
      const days = (await t.anon.get('/nodes/hello/downloads?days=1')).json() as { count: number }[];
      expect(days.reduce((sum, day) => sum + day.count, 0)).toBe(1);
      expect((await t.anon.get('/nodes/hello', { 'if-none-match': etag })).statusCode).toBe(304);

      vi.advanceTimersByTime(5000);
      const after = await t.anon.get('/nodes/hello', { 'if-none-match': etag });
      expect(after.statusCode).toBe(200);
      expect(after.json().downloads).toBe(1);
      expect(after.headers.etag).not.toBe(etag);
    } finally {
      vi.useRealTimers();
    }
  });

  it('builds a burst of identical misses once', async () => {
    const t = await buildTestApp();
    await seedPack(t, { id: 'hello', versions: [{ version: '1.0.0' }] });
    const statements: string[] = [];
    const spy = t.ctx.db.withPlugin({
      transformQuery: (args) => {
        if (args.node.kind === 'SelectQueryNode') statements.push(args.queryId.queryId);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    // Swap the context's database for the counting one for the duration of the burst.
    const ctx = t.ctx as { db: typeof spy };
    const db = ctx.db;
    ctx.db = spy;
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.anon.get('/nodes?limit=7')));
    ctx.db = db;

    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    // One build: watermark reads plus count, page, versions and publishers: far fewer than 20 × 4.
    expect(statements.length).toBeLessThan(20);
  });

  it('keeps within its memory budget, dropping the least recently used answers', async () => {
    const t = await buildTestApp({ CATALOGUE_CACHE_MAX_BYTES: '3000' });
    for (const id of ['one', 'two', 'three']) await seedPack(t, { id, versions: [{ version: '1.0.0' }] });

    for (const id of ['one', 'two', 'one', 'three']) expect((await t.anon.get(`/nodes/${id}`)).statusCode).toBe(200);

    const { entries, bytes } = catalogueCache(t.ctx).size;
    expect(bytes).toBeLessThanOrEqual(3000);
    expect(entries).toBeLessThan(3);
    // Whatever was dropped is rebuilt on demand.
    for (const id of ['one', 'two', 'three']) expect((await t.anon.get(`/nodes/${id}`)).json().id).toBe(id);
  });

  it('can be turned off', async () => {
    const t = await buildTestApp({ CATALOGUE_CACHE_MAX_BYTES: '0' });
    await seedPack(t, { id: 'hello', versions: [{ version: '1.0.0' }] });
    const first = await t.anon.get('/nodes/hello');
    expect((await t.anon.get('/nodes/hello', { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
    expect(catalogueCache(t.ctx).size).toEqual({ entries: 0, bytes: 0 });
  });
});
