import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { changeCatalogue, seedPack } from '../../helpers/catalogue.js';
import { archiveUrl, nodeJson, versionJson } from '../../helpers/catalogue-json.js';

type Page = { total: number; nodes: { id: string }[]; page: number; limit: number; totalPages: number };

const ids = (body: unknown) => (body as Page).nodes.map((n) => n.id);

describe('GET /nodes', () => {
  it('answers the page envelope with publisher and the highest-semver active version', async () => {
    const t = await buildTestApp();
    const publisher = await t.factories.publisher({ id: 'acme', name: 'ACME' });
    await seedPack(t, {
      id: 'hello',
      publisher,
      node: { name: 'Hello', description: 'Says hello', tags: '["greeting"]', search_ranking: 1 },
      versions: [
        { version: '1.9.0' },
        { version: '1.10.0', changelog: 'Ten', status_reason: 'Passed automated checks' },
        { version: '2.0.0', status: 'NodeVersionStatusPending', archive: false },
      ],
    });
    await seedPack(t, { id: 'bare', publisher, node: { name: 'Bare' } });

    const res = await t.anon.get('/nodes');

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 2,
      page: 1,
      limit: 10,
      totalPages: 1,
      nodes: [
        nodeJson({
          id: 'hello',
          name: 'Hello',
          description: 'Says hello',
          tags: ['greeting'],
          search_ranking: 1,
          publisher: { id: 'acme', name: 'ACME' },
          latest_version: versionJson({
            node_id: 'hello',
            version: '1.10.0',
            changelog: 'Ten',
            downloadUrl: archiveUrl('acme', 'hello', '1.10.0'),
          }),
        }),
        nodeJson({ id: 'bare', name: 'Bare', publisher: { id: 'acme', name: 'ACME' } }),
      ],
    });
    // Lists never carry status_reason, and a pack without versions has no latest_version key at all.
    expect(res.json().nodes[0].latest_version).not.toHaveProperty('status_reason');
    expect(res.json().nodes[1]).not.toHaveProperty('latest_version');
  });

  it('orders by ranking (unset = 5), then downloads, then id', async () => {
    const t = await buildTestApp();
    await seedPack(t, { id: 'a-pack', node: { downloads: 10 } });
    await seedPack(t, { id: 'b-pack', node: { search_ranking: 1 } });
    await seedPack(t, { id: 'c-pack', node: { downloads: 10 } });
    await seedPack(t, { id: 'd-pack', node: { search_ranking: 7, downloads: 1000 } });
    await seedPack(t, { id: 'e-pack', node: { downloads: 50 } });
    await seedPack(t, { id: 'f-pack', node: { search_ranking: 5, downloads: 20 } });

    const res = await t.anon.get('/nodes');

    expect(ids(res.json())).toEqual(['b-pack', 'e-pack', 'f-pack', 'a-pack', 'c-pack', 'd-pack']);
  });

  describe('sort', () => {
    async function sortable(): Promise<TestApp> {
      const t = await buildTestApp();
      await seedPack(t, {
        id: 'alpha',
        node: {
          name: 'Zeta',
          downloads: 5,
          github_stars: 300,
          created_at: '2024-01-03T00:00:00.000Z',
          updated_at: '2024-02-01T00:00:00.000Z',
        },
      });
      await seedPack(t, {
        id: 'beta',
        node: {
          name: 'alpha',
          downloads: 50,
          github_stars: 10,
          created_at: '2024-01-01T00:00:00.000Z',
          updated_at: '2024-01-15T00:00:00.000Z',
        },
      });
      await seedPack(t, {
        id: 'gamma',
        node: {
          name: 'Mid',
          downloads: 20,
          github_stars: 10,
          total_star: 9,
          total_review: 2,
          created_at: '2024-01-02T00:00:00.000Z',
          updated_at: '2024-06-01T00:00:00.000Z',
        },
      });
      return t;
    }

    it.each([
      ['sort=downloads', ['beta', 'gamma', 'alpha']],
      ['sort=stars', ['alpha', 'beta', 'gamma']],
      ['sort=newest', ['alpha', 'gamma', 'beta']],
      ['sort=updated', ['gamma', 'alpha', 'beta']],
      ['sort=name', ['beta', 'gamma', 'alpha']],
      ['sort=rating', ['gamma', 'beta', 'alpha']],
      ['sort=downloads;asc', ['alpha', 'gamma', 'beta']],
      ['sort[]=github_stars;desc&sort[]=name', ['alpha', 'beta', 'gamma']],
      ['sort[]=create_time;asc', ['beta', 'gamma', 'alpha']],
      ['sort=stars&sort=downloads;asc', ['alpha', 'gamma', 'beta']],
    ])('%s', async (query, expected) => {
      const t = await sortable();
      const res = await t.anon.get(`/nodes?${query}`);
      expect(res.statusCode).toBe(200);
      expect(ids(res.json())).toEqual(expected);
    });

    it.each(['popularity', 'downloads;sideways', 'name;asc;desc', ''])('rejects sort=%j with 400', async (value) => {
      const t = await buildTestApp();
      const res = await t.anon.get(`/nodes?sort=${encodeURIComponent(value)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(
        expect.objectContaining({ message: expect.stringMatching(/sort/), error: expect.any(String) }),
      );
    });
  });

  describe('filters', () => {
    it('supported_os and supported_accelerator match declared lists, case-insensitively', async () => {
      const t = await buildTestApp();
      const created_at = '2024-01-01T00:00:00.000Z';
      await seedPack(t, { id: 'win', node: { supported_os: '["Microsoft :: Windows"]', created_at } });
      await seedPack(t, {
        id: 'linux',
        node: { supported_os: '["POSIX :: Linux"]', supported_accelerators: '["GPU :: NVIDIA CUDA"]', created_at },
      });
      await seedPack(t, { id: 'none' });

      expect(ids((await t.anon.get('/nodes?supported_os=windows')).json())).toEqual(['win']);
      expect(ids((await t.anon.get('/nodes?supported_os=windows&supported_os=linux')).json())).toEqual([
        'linux',
        'win',
      ]);
      expect(ids((await t.anon.get('/nodes?supported_accelerator=nvidia')).json())).toEqual(['linux']);
      expect(ids((await t.anon.get('/nodes?supported_os=%25')).json())).toEqual([]);
    });

    it('node_id (repeated or with []) selects packs case-insensitively', async () => {
      const t = await buildTestApp();
      const created_at = '2024-01-01T00:00:00.000Z';
      await seedPack(t, { id: 'one', node: { created_at } });
      await seedPack(t, { id: 'Two', node: { created_at } });
      await seedPack(t, { id: 'three', node: { created_at } });

      // Ties (same age too) break on the id as stored (binary order: upper case first).
      expect(ids((await t.anon.get('/nodes?node_id=one&node_id=two')).json())).toEqual(['Two', 'one']);
      expect(ids((await t.anon.get('/nodes?node_id[]=THREE')).json())).toEqual(['three']);
      expect(ids((await t.anon.get('/nodes?node_id=missing')).json())).toEqual([]);
    });

    it('timestamp keeps packs created or updated after it', async () => {
      const t = await buildTestApp();
      await seedPack(t, {
        id: 'old',
        node: { created_at: '2024-01-01T00:00:00.000Z', updated_at: '2024-01-01T00:00:00.000Z' },
      });
      await seedPack(t, {
        id: 'edited',
        node: { created_at: '2024-01-01T00:00:00.000Z', updated_at: '2024-03-01T00:00:00.000Z' },
      });
      await seedPack(t, {
        id: 'new',
        node: { created_at: '2024-04-01T00:00:00.000Z', updated_at: '2024-04-01T00:00:00.000Z' },
      });

      const res = await t.anon.get(`/nodes?timestamp=${encodeURIComponent('2024-02-01T00:00:00+00:00')}`);
      expect(ids(res.json())).toEqual(['edited', 'new']);
      expect(ids((await t.anon.get(`/nodes?timestamp=${new Date().toISOString()}`)).json())).toEqual([]);
    });

    it('never lists deleted packs and lists banned ones only for admins asking for them', async () => {
      const t = await buildTestApp();
      await seedPack(t, { id: 'active' });
      await seedPack(t, { id: 'banned', node: { status: 'NodeStatusBanned' } });
      await seedPack(t, { id: 'deleted', node: { status: 'NodeStatusDeleted' } });
      const admin = await t.as(await t.factories.admin());
      const user = await t.as(await t.factories.user());

      expect(ids((await t.anon.get('/nodes')).json())).toEqual(['active']);
      expect(ids((await t.anon.get('/nodes?include_banned=true')).json())).toEqual(['active']);
      expect(ids((await user.get('/nodes?include_banned=true')).json())).toEqual(['active']);
      expect(ids((await admin.get('/nodes')).json())).toEqual(['active']);
      const adminPage = await admin.get('/nodes?include_banned=true');
      expect(ids(adminPage.json())).toEqual(['active', 'banned']);
      expect(adminPage.json().total).toBe(2);
    });

    it('accepts and ignores what ComfyUI-Manager sends besides paging', async () => {
      const t = await buildTestApp();
      await seedPack(t, { id: 'one' });
      const res = await t.anon.get(
        '/nodes?page=1&limit=30&comfyui_version=v0.3.40-5-gabc1234&form_factor=git-linux&latest=true',
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        total: 1,
        page: 1,
        limit: 30,
        totalPages: 1,
        nodes: [expect.objectContaining({ id: 'one' })],
      });
    });
  });

  describe('paging', () => {
    it('defaults to page 1 of 10, clamps limit to 1000, and reads page or limit 0 and below as the defaults', async () => {
      const t = await buildTestApp();
      for (let i = 0; i < 12; i++) await seedPack(t, { id: `p${String(i).padStart(2, '0')}` });

      const first = (await t.anon.get('/nodes')).json() as Page;
      expect({ ...first, nodes: first.nodes.length }).toEqual({
        total: 12,
        page: 1,
        limit: 10,
        totalPages: 2,
        nodes: 10,
      });
      const second = (await t.anon.get('/nodes?page=2')).json() as Page;
      expect(ids(second)).toEqual(['p10', 'p11']);
      const zero = (await t.anon.get('/nodes?limit=0')).json() as Page;
      expect({ limit: zero.limit, totalPages: zero.totalPages, count: zero.nodes.length }).toEqual({
        limit: 10,
        totalPages: 2,
        count: 10,
      });
      expect((await t.anon.get('/nodes?limit=-5')).json().limit).toBe(10);
      for (const page of ['0', '-1']) {
        const low = (await t.anon.get(`/nodes?page=${page}`)).json() as Page;
        expect({ page: low.page, first: ids(low)[0] }).toEqual({ page: 1, first: 'p00' });
      }
      expect((await t.anon.get('/nodes?page=99999999999')).json().page).toBe(1_000_000);
      const huge = (await t.anon.get('/nodes?limit=5000')).json() as Page;
      expect({ limit: huge.limit, count: huge.nodes.length }).toEqual({ limit: 1000, count: 12 });
      const past = (await t.anon.get('/nodes?page=9')).json() as Page;
      expect(past).toEqual({ total: 12, page: 9, limit: 10, totalPages: 2, nodes: [] });
    });

    it.each([
      'page=abc',
      'page=1.5',
      'page=Infinity',
      'limit=1e309',
      'limit=abc',
      'limit=1.5',
      'timestamp=yesterday',
      'timestamp=2024-13-01T00:00:00Z',
      'include_banned=maybe',
      `node_id=${'x'.repeat(101)}`,
      'node_id=..%2F..%2Fetc',
    ])('rejects %s with 400', async (query) => {
      const t = await buildTestApp();
      const res = await t.anon.get(`/nodes?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(expect.objectContaining({ message: expect.any(String), error: expect.any(String) }));
    });

    it('answers an empty catalogue with totalPages 0', async () => {
      const t = await buildTestApp();
      expect((await t.anon.get('/nodes')).json()).toEqual({ total: 0, nodes: [], page: 1, limit: 10, totalPages: 0 });
    });
  });

  it('cuts every page size from one ordered listing, and a write shows in totals and pages at once', async () => {
    const t = await buildTestApp({ CATALOGUE_POLL_MS: '60000', CATALOGUE_CACHE_MAX_AGE_MS: '600000' });
    const publisher = await t.factories.publisher({ id: 'acme' });
    for (let i = 0; i < 7; i++) {
      await seedPack(t, { id: `p${i}`, publisher, node: { downloads: 100 - i } });
    }
    const all = ids((await t.anon.get('/nodes?limit=100')).json());
    expect(all).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
    expect((await t.anon.get('/nodes?page=3&limit=3')).json()).toMatchObject({ total: 7, totalPages: 3, page: 3 });
    expect(ids((await t.anon.get('/nodes?page=3&limit=3')).json())).toEqual(['p6']);
    expect(ids((await t.anon.get('/nodes?page=2&limit=2')).json())).toEqual(['p2', 'p3']);
    expect(ids((await t.anon.get('/nodes?page=5&limit=2')).json())).toEqual([]);

    // A new pack at the top and a deleted one, written the way writers do.
    await changeCatalogue(t, ['top', 'p1'], async (db) => {
      await db
        .insertInto('nodes')
        .values({ id: 'top', normalized_id: 'top', name: 'Top', publisher_id: publisher.id, downloads: 1000 })
        .execute();
      await db.updateTable('nodes').set({ status: 'NodeStatusDeleted' }).where('id', '=', 'p1').execute();
    });

    const after = (await t.anon.get('/nodes?page=3&limit=3')).json();
    expect(after).toMatchObject({ total: 7, totalPages: 3 });
    expect(ids(after)).toEqual(['p6']);
    expect(ids((await t.anon.get('/nodes?page=1&limit=3')).json())).toEqual(['top', 'p0', 'p2']);
  });
});
