import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';
import { seedPack } from '../../helpers/catalogue.js';
import { archiveUrl, nodeJson, versionJson } from '../../helpers/catalogue-json.js';

describe('GET /nodes/{nodeId}', () => {
  it('answers the pack with publisher and latest version including status_reason and downloadUrl', async () => {
    const t = await buildTestApp();
    const publisher = await t.factories.publisher({ id: 'acme', name: 'ACME' });
    await seedPack(t, {
      id: 'Hello-Pack',
      publisher,
      node: { name: 'Hello', total_star: 9, total_review: 2, translations: '{"fr":{"name":"Bonjour"}}' },
      versions: [
        { version: '0.9.0' },
        { version: '1.0.0', status_reason: 'Passed automated checks', dependencies: '["numpy"]' },
        { version: '1.1.0', status: 'NodeVersionStatusFlagged', status_reason: '[]' },
      ],
    });

    const res = await t.anon.get('/nodes/Hello-Pack');

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      nodeJson({
        id: 'Hello-Pack',
        name: 'Hello',
        rating: 4.5,
        publisher: { id: 'acme', name: 'ACME' },
        latest_version: versionJson({
          node_id: 'Hello-Pack',
          version: '1.0.0',
          dependencies: ['numpy'],
          status_reason: 'Passed automated checks',
          downloadUrl: archiveUrl('acme', 'Hello-Pack', '1.0.0'),
        }),
      }),
    );
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('adds translations when asked', async () => {
    const t = await buildTestApp();
    await seedPack(t, { id: 'hello', node: { translations: '{"fr":{"name":"Bonjour"}}' } });

    const plain = await t.anon.get('/nodes/hello');
    const translated = await t.anon.get('/nodes/hello?include_translations=true');

    expect(plain.json()).not.toHaveProperty('translations');
    expect(translated.json()).toEqual(
      nodeJson({
        id: 'hello',
        name: expect.any(String),
        publisher: expect.any(Object),
        translations: { fr: { name: 'Bonjour' } },
      }),
    );
  });

  it('redirects another spelling of the id to the canonical one, keeping the query string', async () => {
    const t = await buildTestApp();
    await seedPack(t, { id: 'Hello-Pack' });

    const res = await t.anon.get('/nodes/hello-pack?include_translations=true&x=1');

    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/nodes/Hello-Pack?include_translations=true&x=1');
    const followed = await t.anon.get(res.headers.location as string);
    expect(followed.statusCode).toBe(200);
  });

  it('answers 404 for unknown and deleted packs', async () => {
    const t = await buildTestApp();
    await seedPack(t, { id: 'gone', node: { status: 'NodeStatusDeleted' } });

    for (const id of ['missing', 'gone', 'GONE']) {
      const res = await t.anon.get(`/nodes/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Node not found', error: '' });
    }
  });

  it('answers 403 Node Banned for a banned pack, except to admins', async () => {
    const t = await buildTestApp();
    await seedPack(t, {
      id: 'bad',
      node: { status: 'NodeStatusBanned', name: 'Bad' },
      versions: [{ version: '1.0.0' }],
    });
    const user = await t.as(await t.factories.user());
    const admin = await t.as(await t.factories.admin());

    for (const client of [t.anon, user]) {
      const res = await client.get('/nodes/bad');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Node Banned', error: '' });
    }
    const asAdmin = await admin.get('/nodes/bad');
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toEqual(
      nodeJson({
        id: 'bad',
        name: 'Bad',
        status: 'NodeStatusBanned',
        publisher: expect.any(Object),
        latest_version: expect.objectContaining({ version: '1.0.0' }),
      }),
    );
    // The admin's read is not cached for everyone else.
    expect((await t.anon.get('/nodes/bad')).statusCode).toBe(403);
    // A bad token is still an error when it matters.
    const forged = await t.anon.get('/nodes/bad', { authorization: 'Bearer not-a-token' });
    expect(forged.statusCode).toBe(401);
  });

  it.each([
    ['an over-long id', `/nodes/${'x'.repeat(101)}`],
    ['an encoded path traversal', '/nodes/..%2F..%2Fetc%2Fpasswd'],
    ['odd characters', '/nodes/a%20b'],
    ['a bad include_translations', '/nodes/hello?include_translations=perhaps'],
  ])('rejects %s with 400', async (_what, url) => {
    const t = await buildTestApp();
    const res = await t.anon.get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(expect.objectContaining({ message: expect.any(String), error: expect.any(String) }));
  });
});
