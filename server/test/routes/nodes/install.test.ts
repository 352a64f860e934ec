import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { seedPack } from '../../helpers/catalogue.js';
import { archiveUrl, versionJson } from '../../helpers/catalogue-json.js';

const today = () => new Date().toISOString().slice(0, 10);

async function counters(t: TestApp, nodeId: string) {
  const node = await t.ctx.db
    .selectFrom('nodes')
    .select('downloads')
    .where('id', '=', nodeId)
    .executeTakeFirstOrThrow();
  const versions = await t.ctx.db
    .selectFrom('node_versions')
    .select(['version', 'downloads'])
    .where('node_id', '=', nodeId)
    .orderBy('version')
    .execute();
  const days = await t.ctx.db
    .selectFrom('download_counts')
    .innerJoin('node_versions', 'node_versions.id', 'download_counts.node_version_id')
    .select(['node_versions.version', 'download_counts.node_id', 'download_counts.day', 'download_counts.count'])
    .where('download_counts.node_id', '=', nodeId)
    .orderBy('node_versions.version')
    .execute();
  return {
    node: Number(node.downloads),
    versions: Object.fromEntries(versions.map((v) => [v.version, Number(v.downloads)])),
    days: days.map((d) => ({ ...d, count: Number(d.count) })),
  };
}

async function packWithStates(t: TestApp) {
  const publisher = await t.factories.publisher({ id: 'acme' });
  return seedPack(t, {
    id: 'hello',
    publisher,
    versions: [
      { version: '1.0.0', changelog: 'First' },
      { version: '1.2.0', status_reason: 'Passed automated checks' },
      { version: '1.3.0', status: 'NodeVersionStatusPending' },
      { version: '1.4.0', status: 'NodeVersionStatusPending', archive: false },
      { version: '1.5.0', status: 'NodeVersionStatusFlagged', status_reason: '[{"issue":"eval"}]' },
      { version: '1.6.0', status: 'NodeVersionStatusBanned' },
      { version: '1.7.0', status: 'NodeVersionStatusDeleted' },
    ],
  });
}

describe('GET /nodes/{nodeId}/install', () => {
  it('hands out the latest active version and counts the install on pack, version and day', async () => {
    const t = await buildTestApp();
    await packWithStates(t);

    const res = await t.anon.get('/nodes/hello/install');

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      versionJson({
        node_id: 'hello',
        version: '1.2.0',
        status_reason: 'Passed automated checks',
        downloadUrl: archiveUrl('acme', 'hello', '1.2.0'),
        downloads: 1,
      }),
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await counters(t, 'hello')).toEqual({
      node: 1,
      versions: { '1.0.0': 0, '1.2.0': 1, '1.3.0': 0, '1.4.0': 0, '1.5.0': 0, '1.6.0': 0, '1.7.0': 0 },
      days: [{ version: '1.2.0', node_id: 'hello', day: today(), count: 1 }],
    });
  });

  it('installs a given version (normalised) and adds up per version and day', async () => {
    const t = await buildTestApp();
    await packWithStates(t);

    expect((await t.anon.get('/nodes/hello/install?version=1.0.0')).statusCode).toBe(200);
    const again = await t.anon.get('/nodes/hello/install?version=v1.0');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(
      versionJson({
        node_id: 'hello',
        version: '1.0.0',
        changelog: 'First',
        status_reason: '',
        downloadUrl: archiveUrl('acme', 'hello', '1.0.0'),
        downloads: 2,
      }),
    );
    expect((await t.anon.get('/nodes/hello/install')).statusCode).toBe(200);

    const counted = await counters(t, 'hello');
    expect(counted.node).toBe(3);
    expect(counted.versions).toMatchObject({ '1.0.0': 2, '1.2.0': 1 });
    expect(counted.days).toEqual([
      { version: '1.0.0', node_id: 'hello', day: today(), count: 2 },
      { version: '1.2.0', node_id: 'hello', day: today(), count: 1 },
    ]);
    // The catalogue shows the new total.
    expect((await t.anon.get('/nodes/hello')).json().downloads).toBe(3);
  });

  it('installs a pending version once its archive is uploaded', async () => {
    const t = await buildTestApp();
    await packWithStates(t);

    const res = await t.anon.get('/nodes/hello/install?version=1.3.0');

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: '1.3.0', status: 'NodeVersionStatusPending', downloads: 1 });
  });

  it.each([
    ['1.4.0', 404, 'Node version has no archive'],
    ['1.5.0', 403, 'Node version is flagged'],
    ['1.6.0', 403, 'Node version is banned'],
    ['1.7.0', 404, 'Node version was deleted'],
    ['9.9.9', 404, 'Node version not found'],
  ])('refuses version %s with %i and counts nothing', async (version, status, message) => {
    const t = await buildTestApp();
    await packWithStates(t);

    const res = await t.anon.get(`/nodes/hello/install?version=${version}`);

    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message, error: expect.any(String) });
    expect((await counters(t, 'hello')).node).toBe(0);
  });

  it('answers 404 when the pack has no active version', async () => {
    const t = await buildTestApp();
    await seedPack(t, { id: 'fresh', versions: [{ version: '1.0.0', status: 'NodeVersionStatusPending' }] });

    const res = await t.anon.get('/nodes/fresh/install');

    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No installable version', error: 'the pack has no active version yet' });
  });

  it('answers 404 for unknown or deleted packs and 403 for banned ones, even for admins', async () => {
    const t = await buildTestApp();
    await seedPack(t, { id: 'gone', node: { status: 'NodeStatusDeleted' }, versions: [{ version: '1.0.0' }] });
    await seedPack(t, { id: 'bad', node: { status: 'NodeStatusBanned' }, versions: [{ version: '1.0.0' }] });
    const admin = await t.as(await t.factories.admin());

    expect((await t.anon.get('/nodes/missing/install')).json()).toEqual({ message: 'Node not found', error: '' });
    expect((await t.anon.get('/nodes/gone/install')).statusCode).toBe(404);
    expect((await t.anon.get('/nodes/bad/install')).json()).toEqual({ message: 'Node Banned', error: '' });
    expect((await admin.get('/nodes/bad/install')).statusCode).toBe(403);
    expect((await counters(t, 'bad')).node).toBe(0);
  });

  it('redirects another spelling of the id without counting', async () => {
    const t = await buildTestApp();
    await seedPack(t, { id: 'Hello', versions: [{ version: '1.0.0' }] });

    const res = await t.anon.get('/nodes/hello/install?version=1.0.0');

    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/nodes/Hello/install?version=1.0.0');
    expect((await counters(t, 'Hello')).node).toBe(0);
  });

  it.each(['latest', 'nightly', '1.0.0.0.0', '../1.0.0', 'x'.repeat(101)])(
    'rejects version=%s with 400',
    async (version) => {
      const t = await buildTestApp();
      await seedPack(t, { id: 'hello', versions: [{ version: '1.0.0' }] });
      const res = await t.anon.get(`/nodes/hello/install?version=${encodeURIComponent(version)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(expect.objectContaining({ message: expect.any(String), error: expect.any(String) }));
    },
  );
});
