import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressBody, quickCompressBody } from '../../../src/lib/compression.js';
import { catalogueCache } from '../../../src/modules/nodes/cache/catalogue-cache.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { seedPack } from '../../helpers/catalogue.js';

async function catalogue(): Promise<TestApp> {
  const t = await buildTestApp();
  const publisher = await t.factories.publisher({ id: 'acme', name: 'ACME' });
  const ids: string[] = [];
  for (let i = 0; i < 12; i++) {
    ids.push(`pack-${i}`);
    await seedPack(t, {
      id: `pack-${i}`,
      publisher,
      node: { description: `Pack number ${i}, which does useful things in ComfyUI` },
      versions: [{ version: '1.0.0' }],
    });
  }
  await t.ctx.search.refresh(ids);
  return t;
}

describe('compressed catalogue and search answers', () => {
  it('sends /nodes with brotli or gzip as Accept-Encoding asks, the same JSON as uncompressed', async () => {
    const t = await catalogue();
    const url = '/nodes?page=1&limit=30&comfyui_version=v0.3.40&form_factor=git-linux';
    const plain = await t.anon.get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);

    // ComfyUI-Manager's aiohttp with brotli installed, Python requests, and a gzip-only client.
    const br = await t.anon.get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gzip = await t.anon.get(url, { 'accept-encoding': 'gzip, deflate' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    // Each representation has its own tag; any of them revalidates the answer.
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
    for (const etag of [plain.headers.etag, br.headers.etag, gzip.headers.etag]) {
      const again = await t.anon.get(url, { 'accept-encoding': 'gzip', 'if-none-match': String(etag) });
      expect(again.statusCode).toBe(304);
    }
  });

  it('compresses the other cached reads and search, and leaves small answers alone', async () => {
    const t = await catalogue();
    const search = await t.anon.get('/nodes/search?search=useful&limit=12', { 'accept-encoding': 'gzip' });
    expect(search.statusCode).toBe(200);
    expect(search.headers['content-encoding']).toBe('gzip');
    expect((JSON.parse(gunzipSync(search.rawPayload).toString()) as { nodes: unknown[] }).nodes).toHaveLength(12);
    expect(search.headers['server-timing']).toEqual(expect.stringContaining('app;dur='));

    const missing = await t.anon.get('/nodes/nope', { 'accept-encoding': 'br' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    const small = await t.anon.get('/nodes/pack-1/versions', { 'accept-encoding': 'br' });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('keeps the compressed bytes with the cached answer: quick on the first ask, proper once on the next', async () => {
    const t = await catalogue();
    const packs = Array.from({ length: 200 }, (_, i) => ({
      id: `pack-${i}`,
      description: `Pack ${i * 7919} does ${i % 13} things`,
    }));
    const body = Buffer.from(JSON.stringify(packs));
    // An answer is kept from the second time its key is asked for.
    await catalogueCache(t.ctx).get('key', async () => body);
    const answer = await catalogueCache(t.ctx).get('key', async () => body);
    const quick = answer.encoded('br');
    expect(quick).toBeInstanceOf(Buffer);
    expect(quick).toEqual(quickCompressBody(body, 'br'));
    const proper = answer.encoded('br');
    expect(proper).toEqual(compressBody(body, 'br'));
    expect(answer.encoded('br')).toBe(proper);
    const again = await catalogueCache(t.ctx).get('key', async () => Buffer.from('rebuilt'));
    expect(again.encoded('br')).toBe(proper);
    expect(brotliDecompressSync(proper as Buffer)).toEqual(body);
  });
});
