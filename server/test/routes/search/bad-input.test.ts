import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { ids, seedSearchPacks } from './seed.js';

async function seeded(): Promise<TestApp> {
  const t = await buildTestApp();
  await seedSearchPacks(t, [
    { id: 'impact', node: { name: 'Impact Pack', downloads: 20 } },
    { id: 'regex-fan', node: { name: 'Regex [a-z]+ tools', downloads: 10 } },
  ]);
  return t;
}

describe('GET /nodes/search with bad input', () => {
  it('answers an empty or blank search with the catalogue by ranking', async () => {
    const t = await seeded();
    for (const search of ['', '   ']) {
      const res = await t.anon.inject({ method: 'GET', url: '/nodes/search', query: { search } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ total: 2, totalPages: 1 });
      expect(ids(res.json())).toEqual(['impact', 'regex-fan']);
    }
  });

  it('cuts a 10,000-character search to its first words', async () => {
    const t = await seeded();
    const long = `impact ${'x'.repeat(10_000)}`;
    const res = await t.anon.inject({ method: 'GET', url: '/nodes/search', query: { search: long } });
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual(['impact']);
    const words = Array.from({ length: 2000 }, (_, i) => `w${i}`).join(' ');
    expect((await t.anon.inject({ method: 'GET', url: '/nodes/search', query: { search: words } })).statusCode).toBe(
      200,
    );
  });

  it('treats regex, wildcard and SQL pattern characters as plain text', async () => {
    const t = await seeded();
    for (const search of ['.*', '[a-z]+', '%', '_', '\\', '(', '*impact*', "'; drop table nodes; --", '{{x}}']) {
      const res = await t.anon.inject({ method: 'GET', url: '/nodes/search', query: { search } });
      expect(res.statusCode, search).toBe(200);
    }
    // NUL is refused app-wide (PostgreSQL cannot compare such text), search included.
    const nul = await t.anon.inject({ method: 'GET', url: '/nodes/search', query: { search: '\u0000' } });
    expect(nul.statusCode).toBe(400);
    const star = await t.anon.inject({ method: 'GET', url: '/nodes/search', query: { search: '*impact*' } });
    expect(ids(star.json())).toEqual(['impact']);
    const brackets = await t.anon.inject({ method: 'GET', url: '/nodes/search', query: { search: '[a-z]+' } });
    expect(ids(brackets.json())).toEqual(['regex-fan']);
  });

  it('answers a search of only punctuation with the catalogue, as if nothing was typed', async () => {
    const t = await seeded();
    const res = await t.anon.inject({ method: 'GET', url: '/nodes/search', query: { search: '?!-- ...' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(2);
  });

  it('rejects unknown sort and filter values with the valid ones listed', async () => {
    const t = await seeded();
    const cases: [Record<string, string | string[]>, unknown][] = [
      [
        { sort: 'popularity' },
        { message: 'Invalid sort: popularity', error: 'use one of relevance, downloads, stars, newest, updated' },
      ],
      [
        { sort: ['stars', 'newest'] },
        { message: 'Invalid sort: give it once', error: 'use one of relevance, downloads, stars, newest, updated' },
      ],
      [
        { supported_os: 'amiga' },
        { message: 'Invalid supported_os: amiga', error: 'use one of windows, linux, macos' },
      ],
      [
        { supported_accelerator: ['cuda', 'tpu'] },
        { message: 'Invalid supported_accelerator: tpu', error: 'use one of cuda, rocm, intel-arc, ascend, metal' },
      ],
    ];
    for (const [query, body] of cases) {
      const res = await t.anon.inject({ method: 'GET', url: '/nodes/search', query });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(body);
    }
    const invalid: Record<string, string | string[]>[] = [
      { page: 'abc' },
      { limit: '1.5' },
      { include_banned: 'maybe' },
      { search: ['a', 'b'] },
    ];
    for (const query of invalid) {
      const res = await t.anon.inject({ method: 'GET', url: '/nodes/search', query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toEqual({
        message: expect.stringMatching(/^Invalid query: /),
        error: 'FST_ERR_VALIDATION',
        code: expect.stringMatching(/^validation\./),
        params: expect.any(Object),
      });
    }
  });

  it('answers a page beyond the end with no packs and the right totals; clamps odd pages and limits', async () => {
    const t = await seeded();
    const beyond = await t.anon.inject({
      method: 'GET',
      url: '/nodes/search',
      query: { search: 'impact', page: '99' },
    });
    expect(beyond.statusCode).toBe(200);
    expect(beyond.json()).toEqual({ total: 1, nodes: [], page: 99, limit: 10, totalPages: 1 });
    const huge = await t.anon.inject({
      method: 'GET',
      url: '/nodes/search',
      query: { page: '99999999999', limit: '5000' },
    });
    expect(huge.json()).toEqual({ total: 2, nodes: [], page: 1_000_000, limit: 1000, totalPages: 1 });
    const low = await t.anon.inject({ method: 'GET', url: '/nodes/search', query: { page: '-3', limit: '0' } });
    expect(low.json()).toMatchObject({ total: 2, page: 1, limit: 10, totalPages: 1 });
    expect(ids(low.json())).toHaveLength(2);
  });

  it('says how long the server took', async () => {
    const t = await seeded();
    const res = await t.anon.get('/nodes/search?search=impact');
    expect(res.headers['server-timing']).toMatch(
      /^search;dur=\d+\.\d\d, load;dur=\d+\.\d\d, serialize;dur=\d+\.\d\d, compress;dur=\d+\.\d\d, app;dur=\d+\.\d\d$/,
    );
  });
});
