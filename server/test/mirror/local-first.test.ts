import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { readSyncState } from '../../src/modules/mirror/repository.js';
import type { TestApp } from '../helpers/app.js';
import { seedPack } from '../helpers/catalogue.js';
import { uiWorkflow } from '../helpers/workflows.js';
import { cliPublishBody } from '../routes/publishing/comfy-cli.js';
import { buildMirror, captureLog, startUpstream, syncNow, type Upstream } from './support.js';

/** An upstream with packs alpha and beta of publisher `acme`. */
async function seededUpstream(): Promise<Upstream> {
  const upstream = await startUpstream();
  const acme = await upstream.t.factories.publisher({ id: 'acme', name: 'Acme Studio' });
  await seedPack(upstream.t, {
    id: 'alpha',
    publisher: acme,
    node: { name: 'Alpha' },
    versions: [{ version: '1.0.0' }],
  });
  await seedPack(upstream.t, { id: 'beta', publisher: acme, node: { name: 'Beta' }, versions: [{ version: '0.1.0' }] });
  return upstream;
}

/** A local publisher `studio` on the mirror with a publishing token. */
async function localStudio(mirror: TestApp) {
  const owner = await mirror.factories.user();
  const studio = await mirror.factories.publisher({ id: 'studio', owner });
  const { secret } = await mirror.factories.token(studio.id);
  return { owner, secret };
}

const publish = (mirror: TestApp, secret: string, id: string, version = '1.0.0') =>
  mirror.anon.post(`/publishers/studio/nodes/${id}/versions`, cliPublishBody(secret, id, version));

const packsNamed = (mirror: TestApp, id: string) =>
  mirror.ctx.db
    .selectFrom('nodes')
    .select(['id', 'publisher_id', 'mirrored_from'])
    .where('normalized_id', '=', id)
    .execute();

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** An address that accepts connections and never answers: an upstream that hangs. */
/** An upstream that accepts requests and never answers; `requests()` counts what it was asked. */
async function silentUpstream(): Promise<{ url: string; requests: () => number }> {
  let received = 0;
  const server = createServer(() => {
    received += 1;
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests: () => received };
}

describe('local first: ids the upstream has', () => {
  it('refuses with 409 to create a pack whose id the upstream has but the mirror has not synced yet', async () => {
    const upstream = await seededUpstream();
    const mirror = await buildMirror(upstream);
    const { owner, secret } = await localStudio(mirror);

    // comfy-cli publish, in another letter case than the upstream's.
    const published = await publish(mirror, secret, 'ALPHA');
    expect(published.statusCode).toBe(409);
    expect(published.json()).toEqual({
      message: 'Node id taken upstream',
      error: `${upstream.url} has a pack "ALPHA"; an admin of this registry can release the id for local use`,
      code: 'upstream.id_taken',
      params: { nodeId: 'ALPHA', upstream: upstream.url },
    });
    expect(upstream.requests).toContain('/nodes/ALPHA');
    // Creating the pack on its own (web app, API) is refused the same way.
    const created = await (await mirror.as(owner)).post('/publishers/studio/nodes', { id: 'beta', name: 'Beta' });
    expect(created.statusCode).toBe(409);
    expect(await packsNamed(mirror, 'alpha')).toEqual([]);
    expect(await packsNamed(mirror, 'beta')).toEqual([]);

    // An id the upstream does not have is free.
    expect((await publish(mirror, secret, 'gamma')).statusCode).toBe(201);
    expect(await packsNamed(mirror, 'gamma')).toEqual([{ id: 'gamma', publisher_id: 'studio', mirrored_from: '' }]);
    // Publishing more versions of an existing local pack does not ask the upstream again.
    const asked = upstream.requests.length;
    expect((await publish(mirror, secret, 'gamma', '1.1.0')).statusCode).toBe(201);
    expect(upstream.requests.length).toBe(asked);
  });

  it('counts a pack banned upstream as taken', async () => {
    const upstream = await seededUpstream();
    await upstream.t.ctx.db.updateTable('nodes').set({ status: 'NodeStatusBanned' }).where('id', '=', 'beta').execute();
    const mirror = await buildMirror(upstream);
    const { secret } = await localStudio(mirror);
    expect((await publish(mirror, secret, 'beta')).statusCode).toBe(409);
    expect(await packsNamed(mirror, 'beta')).toEqual([]);
  });

  it('answers 503 and creates nothing while the upstream cannot say whether the id is free', async () => {
    const { url: hanging, requests } = await silentUpstream();
    const mirror = await buildMirror(hanging, { UPSTREAM_ID_CHECK_TIMEOUT_MS: '300' });
    const { secret } = await localStudio(mirror);

    const answer = await publish(mirror, secret, 'delta');
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({
      message: 'Upstream registry unreachable',
      error: `could not check whether "delta" is a pack of ${hanging}; try again later`,
      code: 'upstream.unavailable',
      params: { nodeId: 'delta', upstream: hanging },
    });
    // One short attempt, not the sync's retries with backoff.
    expect(requests()).toBe(1);
    expect(await packsNamed(mirror, 'delta')).toEqual([]);

    const closed = await buildMirror('http://127.0.0.1:9');
    const studio2 = await localStudio(closed);
    expect((await publish(closed, studio2.secret, 'delta')).statusCode).toBe(503);
    expect(await packsNamed(closed, 'delta')).toEqual([]);
  });
});

describe('admin override of an upstream id', () => {
  it('releases a synced id for a local pack, audited; the local pack then wins every sync', async () => {
    const upstream = await seededUpstream();
    const mirror = await buildMirror(upstream);
    await syncNow(mirror);
    const adminUser = await mirror.factories.admin();
    const admin = await mirror.as(adminUser);
    const { secret } = await localStudio(mirror);
    expect((await publish(mirror, secret, 'alpha', '9.0.0')).statusCode).toBe(403);

    const granted = await admin.post('/admin/upstream/overrides', { id: 'alpha', reason: 'our fork replaces it' });
    expect(granted.statusCode).toBe(201);
    expect(granted.json()).toEqual({
      id: 'alpha',
      reason: 'our fork replaces it',
      created_by: adminUser.id,
      created_at: expect.any(String),
    });
    // Who and why, and what the mirrored copy was, are in the audit log.
    const audit = await mirror.ctx.db.selectFrom('audit_log').selectAll().execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_user_id: adminUser.id,
      action: 'node.upstream_override',
      target_type: 'node',
      target_id: 'alpha',
      reason: 'our fork replaces it',
    });
    expect(JSON.parse(audit[0]?.before ?? 'null')).toEqual({
      id: 'alpha',
      publisher_id: 'acme',
      mirrored_from: upstream.url,
      status: 'NodeStatusActive',
      versions: ['1.0.0'],
    });
    // The mirrored copy made way.
    expect((await mirror.anon.get('/nodes/alpha')).statusCode).toBe(404);
    expect((await admin.get('/admin/upstream/overrides')).json()).toEqual({ overrides: [granted.json()] });

    expect((await publish(mirror, secret, 'alpha', '9.0.0')).statusCode).toBe(201);
    await syncNow(mirror);
    await syncNow(mirror, { full: true });
    expect(await packsNamed(mirror, 'alpha')).toEqual([{ id: 'alpha', publisher_id: 'studio', mirrored_from: '' }]);
    const versions = await mirror.ctx.db
      .selectFrom('node_versions')
      .select('version')
      .where('node_id', '=', 'alpha')
      .execute();
    expect(versions.map((v) => v.version)).toEqual(['9.0.0']);
    expect(JSON.parse((await readSyncState(mirror.ctx.db))?.counts ?? '{}')).toMatchObject({ localWins: 1 });
    // The other upstream packs are mirrored as before.
    expect((await mirror.anon.get('/nodes/beta')).json()).toMatchObject({ mirrored_from: upstream.url });
  });

  it('holds an id not synced yet for the local pack: the sync does not take it meanwhile', async () => {
    const upstream = await seededUpstream();
    const mirror = await buildMirror(upstream);
    const admin = await mirror.as(await mirror.factories.admin());
    const { secret } = await localStudio(mirror);

    expect((await admin.post('/admin/upstream/overrides', { id: 'Beta', reason: 'agreed with acme' })).statusCode).toBe(
      201,
    );
    await syncNow(mirror);
    expect(await packsNamed(mirror, 'beta')).toEqual([]);
    expect((await mirror.anon.get('/nodes/alpha')).json()).toMatchObject({ mirrored_from: upstream.url });
    // Any letter case of the released id.
    expect((await publish(mirror, secret, 'beta')).statusCode).toBe(201);
    expect(await packsNamed(mirror, 'beta')).toEqual([{ id: 'beta', publisher_id: 'studio', mirrored_from: '' }]);
  });

  it('is for admins only, needs a reason, and refuses ids already released or local', async () => {
    const upstream = await seededUpstream();
    const mirror = await buildMirror(upstream);
    const admin = await mirror.as(await mirror.factories.admin());
    const user = await mirror.as(await mirror.factories.user());
    const { secret } = await localStudio(mirror);
    expect((await publish(mirror, secret, 'gamma')).statusCode).toBe(201);

    expect((await mirror.anon.post('/admin/upstream/overrides', { id: 'alpha', reason: 'x' })).statusCode).toBe(401);
    expect((await user.post('/admin/upstream/overrides', { id: 'alpha', reason: 'x' })).statusCode).toBe(403);
    const blank = await admin.post('/admin/upstream/overrides', { id: 'alpha', reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('A reason is required');
    expect((await admin.post('/admin/upstream/overrides', { id: 'alpha' })).statusCode).toBe(400);
    const local = await admin.post('/admin/upstream/overrides', { id: 'GAMMA', reason: 'x' });
    expect(local.statusCode).toBe(409);
    expect(local.json().message).toBe('Node already local');
    expect((await admin.post('/admin/upstream/overrides', { id: 'alpha', reason: 'x' })).statusCode).toBe(201);
    expect((await admin.post('/admin/upstream/overrides', { id: 'ALPHA', reason: 'again' })).statusCode).toBe(409);
    expect(await mirror.ctx.db.selectFrom('upstream_overrides').select('node_id').execute()).toEqual([
      { node_id: 'alpha' },
    ]);
    expect(await mirror.ctx.db.selectFrom('audit_log').select('action').execute()).toHaveLength(1);
  });
});

describe('local first: unclaimed packs an admin creates', () => {
  const unclaimedRows = (mirror: TestApp) =>
    mirror.ctx.db.selectFrom('nodes').select(['id', 'mirrored_from']).where('mirrored_from', '=', '').execute();

  it('refuses an id the upstream has and the mirror has not synced, unless an admin released it', async () => {
    const upstream = await seededUpstream();
    const mirror = await buildMirror(upstream);
    const admin = await mirror.as(await mirror.factories.admin());

    const taken = await admin.post('/admin/nodes', { id: 'Alpha', name: 'Our Alpha' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: 'Node id taken upstream',
      error: `${upstream.url} has a pack "Alpha"; an admin of this registry can release the id for local use`,
      code: 'upstream.id_taken',
      params: { nodeId: 'Alpha', upstream: upstream.url },
    });
    expect(upstream.requests).toContain('/nodes/Alpha');
    expect(await unclaimedRows(mirror)).toEqual([]);
    expect(await mirror.ctx.db.selectFrom('audit_log').select('action').execute()).toEqual([]);

    // An id the upstream does not have is created as before.
    const free = await admin.post('/admin/nodes', { id: 'studio-tools', name: 'Studio tools' });
    expect(free.statusCode).toBe(201);
    expect(free.json()).toMatchObject({ id: 'studio-tools', publisher: { id: expect.stringMatching(/^admin-/) } });

    // Released by an admin: the unclaimed pack may take the id, and the sync then leaves it alone.
    expect((await admin.post('/admin/upstream/overrides', { id: 'beta', reason: 'ours now' })).statusCode).toBe(201);
    expect((await admin.post('/admin/nodes', { id: 'beta', name: 'Our Beta' })).statusCode).toBe(201);
    await syncNow(mirror);
    expect((await mirror.anon.get('/nodes/beta')).json()).toMatchObject({ name: 'Our Beta' });
    expect((await mirror.anon.get('/nodes/beta')).json().mirrored_from).toBeUndefined();
    expect((await unclaimedRows(mirror)).map((r) => r.id).sort()).toEqual(['beta', 'studio-tools']);
  });

  it('answers 503 and creates nothing while the upstream cannot say whether the id is free', async () => {
    const { url: hanging } = await silentUpstream();
    const mirror = await buildMirror(hanging, { UPSTREAM_ID_CHECK_TIMEOUT_MS: '300' });
    const admin = await mirror.as(await mirror.factories.admin());

    const answer = await admin.post('/admin/nodes', { id: 'delta', name: 'Delta' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({
      message: 'Upstream registry unreachable',
      error: `could not check whether "delta" is a pack of ${hanging}; try again later`,
      code: 'upstream.unavailable',
      params: { nodeId: 'delta', upstream: hanging },
    });
    expect(await unclaimedRows(mirror)).toEqual([]);
    expect(await mirror.ctx.db.selectFrom('audit_log').select('action').execute()).toEqual([]);
  });
});

describe("local first: the upstream's id of a local publisher's pack", () => {
  it('answers to it everywhere as an alias; never takes an id another pack answers to', async () => {
    const upstream = await startUpstream();
    const acme = await upstream.t.factories.publisher({ id: 'acme', name: 'Acme Studio' });
    const repo = (name: string) => ({
      repository_url: `https://github.com/acme/${name}`,
      normalized_repository: `github.com/acme/${name}`,
    });
    for (const id of ['alpha', 'beta', 'gamma']) {
      await seedPack(upstream.t, { id, publisher: acme, node: repo(id), versions: [{ version: '1.0.0' }] });
    }
    const mirror = await buildMirror(upstream);
    // The same publisher id here, with its own packs of the same repositories under other ids.
    const local = await mirror.factories.publisher({ id: 'acme', name: 'Local acme' });
    await seedPack(mirror, {
      id: 'acme-alpha',
      publisher: local,
      node: { repository_url: 'https://github.com/Acme/alpha.git', normalized_repository: 'github.com/acme/alpha' },
      versions: [{ version: '2.0.0' }],
    });
    await seedPack(mirror, { id: 'acme-beta', publisher: local, node: repo('beta') });
    // `beta` already answers for another pack here; gamma's repository is another publisher's pack here.
    const other = await seedPack(mirror, { id: 'other' });
    await mirror.ctx.db
      .insertInto('pack_aliases')
      .values({ alias: 'beta', node_id: other.node.id, source: 'manager', created_at: new Date().toISOString() })
      .execute();
    await seedPack(mirror, { id: 'copy-of-gamma', node: repo('gamma') });

    const log = captureLog();
    await syncNow(mirror, { log });
    await syncNow(mirror, { log });
    const aliases = await mirror.ctx.db
      .selectFrom('pack_aliases')
      .select(['alias', 'node_id', 'source'])
      .orderBy('alias')
      .execute();
    expect(aliases).toEqual([
      { alias: 'alpha', node_id: 'acme-alpha', source: 'registry' },
      { alias: 'beta', node_id: 'other', source: 'manager' },
    ]);
    expect(log.warnings.map((w) => w.msg)).toContain('alias refused: beta is already an id of other, not of acme-beta');
    expect(log.warnings.map((w) => w.msg)).toContain('pack refused: publisher acme is a publisher of this registry');
    expect((await readSyncState(mirror.ctx.db))?.counts).toContain('"localWins":1');

    // Reads, installs and install plans answer to the upstream's id.
    const read = await mirror.anon.get('/nodes/ALPHA');
    expect([read.statusCode, read.headers.location]).toEqual([302, '/nodes/acme-alpha']);
    const install = await mirror.anon.get('/nodes/alpha/install');
    expect([install.statusCode, install.headers.location]).toEqual([302, '/nodes/acme-alpha/install']);
    const plan = await mirror.anon.post('/install-plan', {
      workflow: uiWorkflow([{ type: 'Alpha Loader', cnr_id: 'alpha', ver: '2.0.0' }]),
    });
    expect(
      plan.json().packs.map((p: { id: string; named_as: string; version: string }) => [p.id, p.named_as, p.version]),
    ).toEqual([['acme-alpha', 'alpha', '2.0.0']]);
    // A pack of another publisher here is not the upstream's pack: nothing answers for gamma.
    expect((await mirror.anon.get('/nodes/gamma')).statusCode).toBe(404);
  });
});

describe('local first: publisher ids the upstream has', () => {
  const publishersNamed = (mirror: TestApp, id: string) =>
    mirror.ctx.db.selectFrom('publishers').select('id').where('id', '=', id).execute();

  it('refuses with 409 a publisher whose id the upstream has but the mirror has not synced yet', async () => {
    const upstream = await seededUpstream();
    const mirror = await buildMirror(upstream);
    const user = await mirror.as(await mirror.factories.user());

    const taken = await user.post('/publishers', { id: 'acme', name: 'Not Acme' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: 'Publisher id taken upstream',
      error: `${upstream.url} has a publisher "acme"`,
      code: 'upstream.publisher_id_taken',
      params: { publisherId: 'acme', upstream: upstream.url },
    });
    expect(upstream.requests).toContain('/publishers/acme');
    expect(await publishersNamed(mirror, 'acme')).toEqual([]);

    // A free id is created; an id breaking the rules is refused without asking the upstream.
    expect((await user.post('/publishers', { id: 'studio-two', name: 'Studio' })).statusCode).toBe(201);
    const asked = upstream.requests.length;
    expect((await user.post('/publishers', { id: 'Bad Id', name: 'Bad' })).statusCode).toBe(400);
    expect(upstream.requests.length).toBe(asked);
  });

  it('answers 503 and creates nothing while the upstream is slow or down', async () => {
    const { url: hanging, requests } = await silentUpstream();
    const slow = await buildMirror(hanging, { UPSTREAM_ID_CHECK_TIMEOUT_MS: '300' });
    const answer = await (await slow.as(await slow.factories.user())).post('/publishers', { id: 'delta', name: 'D' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({
      message: 'Upstream registry unreachable',
      error: `could not check whether "delta" is a publisher of ${hanging}; try again later`,
      code: 'upstream.publisher_unavailable',
      params: { publisherId: 'delta', upstream: hanging },
    });
    expect(requests()).toBe(1);
    expect(await publishersNamed(slow, 'delta')).toEqual([]);

    const down = await buildMirror('http://127.0.0.1:9');
    const refused = await (await down.as(await down.factories.user())).post('/publishers', { id: 'delta', name: 'D' });
    expect(refused.statusCode).toBe(503);
    expect(await publishersNamed(down, 'delta')).toEqual([]);
  });
});
