import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';
import { sampleArchive, seedPack, storeArchive } from '../../helpers/catalogue.js';

describe('GET /files/{key}', () => {
  it('serves the archive behind an install downloadUrl, also to the Manager’s `Method: HEAD` probe', async () => {
    const t = await buildTestApp();
    await seedPack(t, {
      id: 'hello',
      publisher: await t.factories.publisher({ id: 'acme' }),
      versions: [{ version: '1.0.0' }],
    });
    const bytes = sampleArchive('hello', '1.0.0');
    const sha = createHash('sha256').update(bytes).digest('hex');

    const install = await t.anon.get('/nodes/hello/install');
    const url = new URL(install.json().downloadUrl as string);
    expect(url.pathname).toBe('/files/acme/hello/1.0.0/node.zip');

    const probe: Record<string, string> = { method: 'HEAD', 'user-agent': 'pytorch/vision' };
    for (const headers of [probe, {}]) {
      const res = await t.anon.get(url.pathname, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-length']).toBe(String(bytes.length));
      expect(res.headers.etag).toBe(`"${sha}"`);
      expect(res.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('answers HEAD with the headers only and 304 to a matching If-None-Match', async () => {
    const t = await buildTestApp();
    const publisher = await t.factories.publisher({ id: 'acme' });
    await seedPack(t, { id: 'pack', publisher, versions: [{ version: '1.0.0' }] });
    const bytes = sampleArchive('pack', '1.0.0');

    const head = await t.anon.inject({ method: 'HEAD', url: '/files/acme/pack/1.0.0/node.zip' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(bytes.length));
    expect(head.headers['content-type']).toBe('application/zip');
    expect(head.body).toBe('');

    const etag = head.headers.etag as string;
    const cached = await t.anon.get('/files/acme/pack/1.0.0/node.zip', { 'if-none-match': etag });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
  });

  it.each([
    ['an unregistered key', '/files/acme/pack/9.9.9/node.zip'],
    ['a traversal', '/files/acme/../../etc/passwd'],
    ['an encoded traversal', '/files/acme/%2E%2E/%2E%2E/etc/passwd'],
    ['an encoded slash traversal', '/files/..%2F..%2Fetc%2Fpasswd'],
    ['an absolute path', '/files//etc/passwd'],
    ['a backslash', '/files/acme\\..\\secret'],
    ['an empty key', '/files/'],
  ])('answers 404 for %s', async (_what, url) => {
    const t = await buildTestApp();
    await storeArchive(t, 'acme/pack/1.0.0/node.zip', Buffer.from('zip'));
    const res = await t.anon.get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(expect.objectContaining({ message: expect.any(String), error: expect.any(String) }));
  });

  it('answers 404 when the registered blob is missing from storage', async () => {
    const t = await buildTestApp();
    await seedPack(t, {
      id: 'pack',
      publisher: await t.factories.publisher({ id: 'acme' }),
      versions: [{ version: '1.0.0' }],
    });
    await t.ctx.storage.delete('acme/pack/1.0.0/node.zip');

    const res = await t.anon.get('/files/acme/pack/1.0.0/node.zip');

    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'File not found', error: '' });
  });
});
