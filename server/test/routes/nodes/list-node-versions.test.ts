import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { seedPack } from '../../helpers/catalogue.js';
import { archiveUrl, versionJson } from '../../helpers/catalogue-json.js';

async function seeded(t: TestApp) {
  const publisher = await t.factories.publisher({ id: 'acme' });
  return seedPack(t, {
    id: 'hello',
    publisher,
    versions: [
      { version: '1.0.9', changelog: 'Nine', status_reason: 'Passed automated checks' },
      { version: '1.0.10' },
      { version: '1.1.0', status: 'NodeVersionStatusPending', archive: false },
      { version: '0.1.0', status: 'NodeVersionStatusDeleted' },
      { version: '1.2.0-beta.1', status: 'NodeVersionStatusFlagged', status_reason: 'eval found' },
    ],
  });
}

const versionsOf = (body: unknown) => (body as { version: string }[]).map((v) => v.version);

describe('GET /nodes/{nodeId}/versions', () => {
  it('answers a bare array, highest semver first, without deleted versions, status_reason always "" unless asked', async () => {
    const t = await buildTestApp();
    await seeded(t);

    const res = await t.anon.get('/nodes/hello/versions');

    expect(res.statusCode).toBe(200);
    expect((res.json() as { status_reason?: unknown }[]).map((v) => v.status_reason)).toEqual(['', '', '', '']);
    const withoutReasons = (res.json() as Record<string, unknown>[]).map(({ status_reason: _, ...v }) => v);
    expect(withoutReasons).toEqual([
      versionJson({
        node_id: 'hello',
        version: '1.2.0-beta.1',
        status: 'NodeVersionStatusFlagged',
        downloadUrl: archiveUrl('acme', 'hello', '1.2.0-beta.1'),
      }),
      versionJson({ node_id: 'hello', version: '1.1.0', status: 'NodeVersionStatusPending' }),
      versionJson({ node_id: 'hello', version: '1.0.10', downloadUrl: archiveUrl('acme', 'hello', '1.0.10') }),
      versionJson({
        node_id: 'hello',
        version: '1.0.9',
        changelog: 'Nine',
        downloadUrl: archiveUrl('acme', 'hello', '1.0.9'),
      }),
    ]);
  });

  it('filters the way ComfyUI-Manager asks, with repeated statuses', async () => {
    const t = await buildTestApp();
    await seeded(t);

    const res = await t.anon.get(
      '/nodes/hello/versions?statuses=NodeVersionStatusActive&statuses=NodeVersionStatusPending',
    );

    expect(res.statusCode).toBe(200);
    expect(versionsOf(res.json())).toEqual(['1.1.0', '1.0.10', '1.0.9']);
    // cm-cli prints these three directly.
    for (const v of res.json() as Record<string, unknown>[]) {
      expect(v).toMatchObject({
        createdAt: expect.any(String),
        version: expect.any(String),
        changelog: expect.any(String),
      });
    }
  });

  it('accepts statuses[] and shows deleted versions only when asked', async () => {
    const t = await buildTestApp();
    await seeded(t);

    const res = await t.anon.get(
      '/nodes/hello/versions?statuses[]=NodeVersionStatusDeleted&statuses[]=NodeVersionStatusFlagged',
    );

    expect(versionsOf(res.json())).toEqual(['1.2.0-beta.1', '0.1.0']);
  });

  it('includes status_reason only when asked', async () => {
    const t = await buildTestApp();
    await seeded(t);

    const res = await t.anon.get('/nodes/hello/versions?include_status_reason=true&statuses=NodeVersionStatusActive');

    expect(res.json()).toEqual([
      versionJson({
        node_id: 'hello',
        version: '1.0.10',
        status_reason: '',
        downloadUrl: archiveUrl('acme', 'hello', '1.0.10'),
      }),
      versionJson({
        node_id: 'hello',
        version: '1.0.9',
        changelog: 'Nine',
        status_reason: 'Passed automated checks',
        downloadUrl: archiveUrl('acme', 'hello', '1.0.9'),
      }),
    ]);
  });

  it('lets an unknown statuses value match nothing, as the public registry does (not a 400)', async () => {
    const t = await buildTestApp();
    await seeded(t);

    const unknownOnly = await t.anon.get('/nodes/hello/versions?statuses=Live');
    expect({ status: unknownOnly.statusCode, body: unknownOnly.json() }).toEqual({ status: 200, body: [] });
    const mixed = await t.anon.get('/nodes/hello/versions?statuses=NodeVersionStatusActive&statuses=Live');
    expect(mixed.statusCode).toBe(200);
    expect(versionsOf(mixed.json())).toEqual(['1.0.10', '1.0.9']);
    const all = await t.anon.get('/versions?statuses=Live');
    expect(all.json()).toEqual({ total: 0, versions: [], page: 1, pageSize: 10, totalPages: 0 });
  });

  it('answers cm-cli show-versions for an unknown pack with 200 [] (its exact request)', async () => {
    const t = await buildTestApp();
    // ComfyUI-Manager's cm-cli: requests.get(f"{base}/nodes/{id}/versions", params={"statuses": [...]})
    const res = await t.anon.inject({
      method: 'GET',
      url: '/nodes/no-such-pack/versions?statuses=NodeVersionStatusActive&statuses=NodeVersionStatusPending',
      headers: { 'user-agent': 'python-requests/2.32.3', accept: '*/*', 'accept-encoding': 'gzip, deflate' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('answers [] for an unknown or deleted pack, 403 for a banned one, 302 for another spelling', async () => {
    const t = await buildTestApp();
    await seedPack(t, { id: 'Hello', versions: [{ version: '1.0.0' }] });
    await seedPack(t, { id: 'bad', node: { status: 'NodeStatusBanned' }, versions: [{ version: '1.0.0' }] });
    const admin = await t.as(await t.factories.admin());

    await seedPack(t, { id: 'gone', node: { status: 'NodeStatusDeleted' }, versions: [{ version: '1.0.0' }] });
    const missing = await t.anon.get('/nodes/missing/versions');
    expect({ status: missing.statusCode, body: missing.json() }).toEqual({ status: 200, body: [] });
    expect((await t.anon.get('/nodes/gone/versions')).json()).toEqual([]);
    expect((await t.anon.get('/nodes/bad/versions')).json()).toEqual({ message: 'Node Banned', error: '' });
    expect(versionsOf((await admin.get('/nodes/bad/versions')).json())).toEqual(['1.0.0']);
    const moved = await t.anon.get('/nodes/hello/versions?statuses=NodeVersionStatusActive');
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe('/nodes/Hello/versions?statuses=NodeVersionStatusActive');
  });

  it('answers [] for a pack without versions', async () => {
    const t = await buildTestApp();
    await seedPack(t, { id: 'empty' });
    expect((await t.anon.get('/nodes/empty/versions')).json()).toEqual([]);
  });

  it.each([
    `/nodes/${'x'.repeat(101)}/versions`,
    '/nodes/..%2Fetc/versions',
    '/nodes/hello/versions?include_status_reason=sometimes',
    `/nodes/hello/versions?${Array.from({ length: 11 }, () => 'statuses=NodeVersionStatusActive').join('&')}`,
  ])('rejects %s with 400', async (url) => {
    const t = await buildTestApp();
    await seedPack(t, { id: 'hello' });
    const res = await t.anon.get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(expect.objectContaining({ message: expect.any(String), error: expect.any(String) }));
  });
});
