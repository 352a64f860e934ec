import { describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { readSyncState } from '../../src/modules/mirror/repository.js';
import { buildTestApp } from '../helpers/app.js';
import { changeCatalogue, seedComfyNode, seedPack } from '../helpers/catalogue.js';
import { cliPublishBody } from '../routes/publishing/comfy-cli.js';
import { buildMirror, captureLog, startUpstream, syncNow, type Upstream } from './support.js';

/** An upstream with two packs of publisher `acme`: alpha (two versions, one class), beta. */
async function seededUpstream(): Promise<Upstream> {
  const upstream = await startUpstream();
  const acme = await upstream.t.factories.publisher({ id: 'acme', name: 'Acme Studio', website: 'https://acme.test' });
  const alpha = await seedPack(upstream.t, {
    id: 'alpha',
    publisher: acme,
    node: { name: 'Alpha', description: 'First pack', repository_url: 'https://github.com/acme/alpha', tags: '["x"]' },
    versions: [
      { version: '1.0.0', dependencies: '["numpy"]' },
      { version: '1.1.0', supported_os: '["linux"]', changelog: 'faster' },
    ],
  });
  await seedComfyNode(upstream.t, {
    node_id: 'alpha',
    node_version_id: alpha.versions[1]?.id ?? null,
    name: 'AlphaSampler',
    category: 'sampling',
  });
  await seedPack(upstream.t, { id: 'beta', publisher: acme, node: { name: 'Beta' }, versions: [{ version: '0.1.0' }] });
  return upstream;
}

const mirroredLabel = (upstream: Upstream) => ({ mirrored_from: upstream.url, last_synced: expect.any(String) });

describe('upstream sync', () => {
  it('copies packs, versions, classes and publishers on the first sync and labels them mirrored', async () => {
    const upstream = await seededUpstream();
    const mirror = await buildMirror(upstream);
    await syncNow(mirror);

    const list = await mirror.anon.get('/nodes?limit=10');
    expect(list.statusCode).toBe(200);
    const nodes = list.json().nodes as Record<string, unknown>[];
    expect(nodes.map((n) => n.id).sort()).toEqual(['alpha', 'beta']);
    const alpha = (await mirror.anon.get('/nodes/alpha')).json();
    expect(alpha).toMatchObject({
      id: 'alpha',
      name: 'Alpha',
      description: 'First pack',
      repository: 'https://github.com/acme/alpha',
      tags: ['x'],
      status: 'NodeStatusActive',
      latest_version: {
        version: '1.1.0',
        supported_os: ['linux'],
        changelog: 'faster',
        status: 'NodeVersionStatusActive',
      },
      ...mirroredLabel(upstream),
    });
    const versions = (await mirror.anon.get('/nodes/alpha/versions')).json() as Record<string, unknown>[];
    expect(versions.map((v) => [v.version, v.dependencies])).toEqual([
      ['1.1.0', []],
      ['1.0.0', ['numpy']],
    ]);
    // Installs point at this registry, not at the upstream.
    expect(versions[0]?.downloadUrl).toBe('http://registry.test/files/acme/alpha/1.1.0/node.zip');
    const classes = (await mirror.anon.get('/nodes/alpha/versions/1.1.0/comfy-nodes')).json();
    expect(
      classes.comfy_nodes.map((c: { comfy_node_name: string; category: string }) => [c.comfy_node_name, c.category]),
    ).toEqual([['AlphaSampler', 'sampling']]);
    const publisher = (await mirror.anon.get('/publishers/acme')).json();
    expect(publisher).toMatchObject({ id: 'acme', name: 'Acme Studio', website: 'https://acme.test', members: [] });

    // Each version got its creation history row from the system, as publishing does.
    const history = await mirror.ctx.db.selectFrom('node_version_status_history').selectAll().execute();
    expect(history).toHaveLength(3);
    expect(history.every((h) => h.actor_user_id === null && h.to_status === 'NodeVersionStatusActive')).toBe(true);

    const state = await readSyncState(mirror.ctx.db);
    expect(state).toMatchObject({ status: 'done', last_error: '', total_pages: 1 });
    expect(JSON.parse(state?.counts ?? '{}')).toMatchObject({
      packsSeen: 2,
      packsWritten: 2,
      refused: 0,
      localWins: 0,
    });
  });

  it('follows upstream changes on an incremental sync: new version, new pack, ban, removal', async () => {
    const upstream = await seededUpstream();
    const acmeRow = await upstream.t.ctx.db
      .selectFrom('publishers')
      .selectAll()
      .where('id', '=', 'acme')
      .executeTakeFirstOrThrow();
    await seedPack(upstream.t, { id: 'delta', publisher: acmeRow, versions: [{ version: '1.0.0' }] });
    const mirror = await buildMirror(upstream);
    await syncNow(mirror);
    upstream.requests.length = 0;

    // Upstream: alpha gets 1.2.0, gamma appears, beta is banned by an admin, and nothing else changes.
    const alpha = await upstream.t.ctx.db
      .selectFrom('nodes')
      .selectAll()
      .where('id', '=', 'alpha')
      .executeTakeFirstOrThrow();
    await changeCatalogue(upstream.t, ['alpha'], async (db) => {
      await db
        .insertInto('node_versions')
        .values({
          id: newId(),
          node_id: alpha.id,
          version: '1.2.0',
          publisher_id: 'acme',
          changelog: 'new',
          status: 'NodeVersionStatusActive',
        })
        .execute();
    });
    const acme = await upstream.t.ctx.db
      .selectFrom('publishers')
      .selectAll()
      .where('id', '=', 'acme')
      .executeTakeFirstOrThrow();
    await seedPack(upstream.t, { id: 'gamma', publisher: acme, versions: [{ version: '2.0.0' }] });
    await changeCatalogue(upstream.t, ['gamma'], async () => {});
    const admin = await upstream.t.factories.admin();
    const ban = await (await upstream.t.as(admin)).post('/publishers/acme/nodes/beta/ban', { reason: 'malware' });
    expect(ban.statusCode).toBe(204);

    await syncNow(mirror);

    expect((await mirror.anon.get('/nodes/alpha')).json().latest_version.version).toBe('1.2.0');
    expect((await mirror.anon.get('/nodes/gamma')).json()).toMatchObject({ id: 'gamma', ...mirroredLabel(upstream) });
    // Banned upstream: marked banned here, not deleted (admins still see it).
    const beta = await mirror.anon.get('/nodes/beta');
    expect(beta.statusCode).toBe(403);
    expect(beta.json().message).toBe('Node Banned');
    const betaRow = await mirror.ctx.db
      .selectFrom('nodes')
      .selectAll()
      .where('id', '=', 'beta')
      .executeTakeFirstOrThrow();
    expect(betaRow).toMatchObject({ status: 'NodeStatusBanned', status_detail: 'banned upstream' });
    expect(
      await mirror.ctx.db.selectFrom('node_versions').select('id').where('node_id', '=', 'beta').execute(),
    ).toHaveLength(1);

    // Only what changed was read again: nothing beyond the listing for the unchanged delta.
    expect(upstream.requests.filter((u) => u.startsWith('/nodes/alpha/versions')).length).toBeGreaterThan(0);
    expect(upstream.requests.filter((u) => u.startsWith('/nodes/delta'))).toEqual([]);
    expect(JSON.parse((await readSyncState(mirror.ctx.db))?.counts ?? '{}')).toMatchObject({
      packsUnchanged: 1,
      packsWritten: 2,
      markedBanned: 1,
      refused: 0,
    });
  });

  it('marks a pack the upstream deleted as removed and a version it dropped as deleted', async () => {
    const upstream = await seededUpstream();
    const mirror = await buildMirror(upstream);
    await syncNow(mirror);

    await changeCatalogue(upstream.t, ['beta', 'alpha'], async (db) => {
      await db.updateTable('nodes').set({ status: 'NodeStatusDeleted' }).where('id', '=', 'beta').execute();
      await db
        .updateTable('node_versions')
        .set({ status: 'NodeVersionStatusDeleted' })
        .where('node_id', '=', 'alpha')
        .where('version', '=', '1.0.0')
        .execute();
    });
    await syncNow(mirror, { full: true });

    const beta = await mirror.ctx.db.selectFrom('nodes').selectAll().where('id', '=', 'beta').executeTakeFirstOrThrow();
    expect(beta).toMatchObject({ status: 'NodeStatusDeleted', status_detail: 'removed upstream' });
    const dropped = await mirror.ctx.db
      .selectFrom('node_versions')
      .selectAll()
      .where('node_id', '=', 'alpha')
      .where('version', '=', '1.0.0')
      .executeTakeFirstOrThrow();
    expect(dropped).toMatchObject({ status: 'NodeVersionStatusDeleted', status_reason: 'removed upstream' });
    const history = await mirror.ctx.db
      .selectFrom('node_version_status_history')
      .selectAll()
      .where('node_version_id', '=', dropped.id)
      .orderBy('created_at')
      .execute();
    expect(history.map((h) => [h.from_status, h.to_status])).toEqual([
      [null, 'NodeVersionStatusActive'],
      ['NodeVersionStatusActive', 'NodeVersionStatusDeleted'],
    ]);
  });

  it('refuses bad upstream items one by one, logs each, and syncs the rest', async () => {
    const upstream = await seededUpstream();
    const acme = await upstream.t.ctx.db
      .selectFrom('publishers')
      .selectAll()
      .where('id', '=', 'acme')
      .executeTakeFirstOrThrow();
    await seedPack(upstream.t, {
      id: 'huge',
      publisher: acme,
      node: { description: 'x'.repeat(25_000) },
      versions: [{ version: '1.0.0' }],
    });
    await seedPack(upstream.t, {
      id: 'mixed',
      publisher: acme,
      versions: [{ version: '1.0.0' }, { version: '1.1.0', changelog: 'y'.repeat(60_000) }],
    });
    const mirror = await buildMirror(upstream);
    const log = captureLog();
    await syncNow(mirror, { log });

    const ids = (await mirror.anon.get('/nodes?limit=50')).json().nodes.map((n: { id: string }) => n.id);
    expect(ids.sort()).toEqual(['alpha', 'beta', 'mixed']);
    const mixed = (await mirror.anon.get('/nodes/mixed/versions')).json() as { version: string }[];
    expect(mixed.map((v) => v.version)).toEqual(['1.0.0']);
    expect(log.warnings.map((w) => [w.obj, w.msg])).toEqual(
      expect.arrayContaining([
        [expect.objectContaining({ item: 'huge' }), expect.stringMatching(/^pack refused: \/description/)],
        [expect.objectContaining({ item: 'mixed@1.1.0' }), expect.stringMatching(/^version refused: \/changelog/)],
      ]),
    );
    expect(JSON.parse((await readSyncState(mirror.ctx.db))?.counts ?? '{}')).toMatchObject({
      refused: 2,
      packsWritten: 3,
    });
  });

  it('keeps a pack published here and never lets the upstream take its id', async () => {
    const upstream = await seededUpstream();
    const mirror = await buildMirror(upstream);
    const studio = await mirror.factories.publisher({ id: 'studio' });
    await seedPack(mirror, {
      id: 'alpha',
      publisher: studio,
      node: { name: 'Our alpha' },
      versions: [{ version: '9.0.0' }],
    });
    await syncNow(mirror);

    const alpha = (await mirror.anon.get('/nodes/alpha')).json();
    expect(alpha).toMatchObject({ name: 'Our alpha', latest_version: { version: '9.0.0' } });
    expect(alpha).not.toHaveProperty('mirrored_from');
    expect((await mirror.anon.get('/nodes/beta')).json()).toMatchObject(mirroredLabel(upstream));
    expect(JSON.parse((await readSyncState(mirror.ctx.db))?.counts ?? '{}')).toMatchObject({
      localWins: 1,
      packsWritten: 1,
    });
  });

  it('refuses a local publisher that tries to publish into a mirrored pack id', async () => {
    const upstream = await seededUpstream();
    const mirror = await buildMirror(upstream);
    await syncNow(mirror);
    const owner = await mirror.factories.user();
    const studio = await mirror.factories.publisher({ id: 'studio', owner });
    const { secret } = await mirror.factories.token(studio.id);

    const answer = await mirror.anon.post(
      '/publishers/studio/nodes/ALPHA/versions',
      cliPublishBody(secret, 'ALPHA', '9.9.9'),
    );
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({
      message: 'Permission denied',
      error: 'node alpha belongs to another publisher',
      code: 'pack.other_publisher',
      params: { nodeId: 'alpha' },
    });
    const versions = await mirror.ctx.db
      .selectFrom('node_versions')
      .select('version')
      .where('node_id', '=', 'alpha')
      .execute();
    expect(versions.map((v) => v.version).sort()).toEqual(['1.0.0', '1.1.0']);
  });

  it('refuses packs of a publisher id that belongs to a publisher of this registry', async () => {
    const upstream = await seededUpstream();
    const mirror = await buildMirror(upstream);
    await mirror.factories.publisher({ id: 'acme', name: 'Local acme' });
    const log = captureLog();
    await syncNow(mirror, { log });

    expect((await mirror.anon.get('/nodes?limit=10')).json().nodes).toEqual([]);
    expect(log.warnings.map((w) => w.msg)).toContain('pack refused: publisher acme is a publisher of this registry');
  });
});

describe('upstream sync admin API', () => {
  it('queues one sync at a time for admins and reports its progress and result', async () => {
    const upstream = await seededUpstream();
    const mirror = await buildMirror(upstream);
    const admin = await mirror.as(await mirror.factories.admin());
    const user = await mirror.as(await mirror.factories.user());

    expect((await user.post('/admin/upstream/sync', {})).statusCode).toBe(403);
    expect((await mirror.anon.get('/admin/upstream')).statusCode).toBe(401);
    expect((await admin.get('/admin/upstream')).json()).toEqual({
      upstream: upstream.url,
      intervalSeconds: 0,
      sync: null,
    });

    const first = await admin.post('/admin/upstream/sync', { full: true });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({
      queued: true,
      status: {
        upstream: upstream.url,
        intervalSeconds: 0,
        sync: {
          status: 'queued',
          full: true,
          page: 0,
          totalPages: 0,
          counts: {},
          lastError: '',
          startedAt: null,
          finishedAt: null,
        },
      },
    });
    const again = await admin.post('/admin/upstream/sync');
    expect(again.json().queued).toBe(false);
    expect(
      await mirror.ctx.db.selectFrom('jobs').select('id').where('kind', '=', 'upstream-sync').execute(),
    ).toHaveLength(1);

    const { runSyncJobs } = await import('./support.js');
    await runSyncJobs(mirror);
    const done = (await admin.get('/admin/upstream')).json();
    expect(done.sync).toMatchObject({
      status: 'done',
      page: 1,
      totalPages: 1,
      counts: { packsSeen: 2, packsWritten: 2, refused: 0 },
      lastError: '',
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
    });
    expect(done.sync.counts.requests).toBeGreaterThan(0);
  });

  it('answers 400 and queues nothing without an upstream', async () => {
    const t = await buildTestApp();
    const admin = await t.as(await t.factories.admin());
    const answer = await admin.post('/admin/upstream/sync', {});
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      message: 'No upstream configured',
      error: 'set UPSTREAM_URL to mirror another registry',
    });
    expect(await t.ctx.db.selectFrom('jobs').select('id').execute()).toEqual([]);
  });
});
