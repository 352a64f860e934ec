import { describe, expect, it } from 'vitest';
import { JobWorker } from '../../../src/engines/jobs/worker.js';
import { registryJobHandlers } from '../../../src/job-handlers.js';
import { codedStatusReason } from '../../../src/modules/catalogue/archive-rejections.js';
import { buildTestApp, type TestApp, type TestClient } from '../../helpers/app.js';
import { packZip } from '../../helpers/pack-zip.js';
import { cliPublishBody, countRows, uploadPath } from './comfy-cli.js';

/** Runs the processing job the way the server's worker does. */
function runJobs(t: TestApp) {
  const worker = new JobWorker(t.ctx.db, t.ctx.dialect, registryJobHandlers(t.ctx), {
    concurrency: 1,
    pollIntervalMs: 1000,
    leaseMs: 60_000,
    retryBaseSeconds: 1,
  });
  return worker.runOnce();
}

/** Publisher `acme` owned by a signed-in account that created its publishing token itself; an admin. */
async function setUp() {
  const t = await buildTestApp();
  const owner = await t.factories.user();
  await t.factories.publisher({ id: 'acme', name: 'ACME', owner });
  const ownerClient = await t.as(owner);
  const created = await ownerClient.post('/publishers/acme/tokens', { name: 'ci' });
  expect(created.statusCode).toBe(201);
  const admin = await t.as(await t.factories.admin());
  return { t, owner, ownerClient, token: created.json().token as string, admin };
}

type Ban = 'account' | 'publisher' | 'pack';

/** Bans through the admin endpoints a moderator uses. */
async function ban(admin: TestClient, what: Ban, ownerId: string) {
  const res =
    what === 'account'
      ? await admin.put(`/admin/users/${ownerId}`, { banned: true, reason: 'abuse' })
      : what === 'publisher'
        ? await admin.post('/publishers/acme/ban', { reason: 'abuse' })
        : await admin.post('/publishers/acme/nodes/hello/ban', { reason: 'abuse' });
  expect(res.statusCode, `ban ${what}`).toBeLessThan(300);
}

/** comfy-cli's two steps: publish (returns the signed URL) and the PUT of the zip. */
function publish(t: TestApp, token: string, version: string) {
  return t.anon.post('/publishers/acme/nodes/hello/versions', cliPublishBody(token, 'hello', version));
}
function put(t: TestApp, signedUrl: string, version: string) {
  const zip = Buffer.from(packZip({ name: 'hello', version }));
  return t.anon.inject({
    method: 'PUT',
    url: uploadPath(signedUrl),
    headers: { 'content-type': 'application/zip', 'content-length': String(zip.length) },
    payload: zip,
  });
}

async function versionRow(t: TestApp, version: string) {
  return t.ctx.db
    .selectFrom('node_versions')
    .select(['status', 'status_reason', 'storage_file_id'])
    .where('node_id', '=', 'hello')
    .where('version', '=', version)
    .executeTakeFirst();
}

describe('bans stop publishing at every step', () => {
  it.each([
    ['account', { code: 'publishing.banned_token_creator', params: {} }],
    ['publisher', { code: 'publisher.banned', params: { publisherId: 'acme' } }],
    ['pack', { code: 'pack.banned', params: { nodeId: 'hello' } }],
  ] as [Ban, { code: string; params: Record<string, string> }][])(
    'a ban of the %s refuses the publishing token publish with 403 and writes nothing',
    async (what, coded) => {
      const { t, owner, token, admin } = await setUp();
      // The pack exists (so it can be banned) with a first version published before the ban.
      expect((await publish(t, token, '1.0.0')).statusCode).toBe(201);
      await ban(admin, what, owner.id);
      const before = await countRows(t, 'node_versions');

      const res = await publish(t, token, '1.1.0');

      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: expect.any(String), error: expect.any(String), ...coded });
      expect(await countRows(t, 'node_versions')).toBe(before);
    },
  );

  it('a banned owner cannot publish with a token another owner created', async () => {
    const { t, owner, admin } = await setUp();
    const other = await t.factories.user();
    await t.ctx.db
      .insertInto('publisher_members')
      .values({ publisher_id: 'acme', user_id: other.id, role: 'owner' })
      .execute();
    const theirs = await (await t.as(other)).post('/publishers/acme/tokens', { name: 'theirs' });
    await ban(admin, 'account', owner.id);

    const res = await publish(t, theirs.json().token as string, '1.0.0');

    expect(res.statusCode).toBe(403);
    expect(res.json().error).toContain('an owner of the publisher acme is banned');
    expect(res.json()).toMatchObject({ code: 'publishing.banned_owner', params: { publisherId: 'acme' } });
  });

  it.each([
    ['account', { code: 'publishing.banned_owner', params: { publisherId: 'acme' } }],
    ['publisher', { code: 'publishing.banned_publisher', params: { publisherId: 'acme' } }],
    ['pack', { code: 'publishing.banned_pack', params: { nodeId: 'hello' } }],
  ] as [Ban, { code: string; params: Record<string, string> }][])(
    'an upload URL issued before a ban of the %s is refused with 403 and stores nothing',
    async (what, coded) => {
      const { t, owner, token, admin } = await setUp();
      const published = await publish(t, token, '1.0.0');
      expect(published.statusCode).toBe(201);
      await ban(admin, what, owner.id);

      const res = await put(t, published.json().signedUrl, '1.0.0');

      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'user/publisher is banned', error: expect.any(String), ...coded });
      expect(await countRows(t, 'storage_files')).toBe(0);
      expect((await versionRow(t, '1.0.0'))?.storage_file_id).toBeNull();
    },
  );

  it.each(['account', 'publisher', 'pack'] as Ban[])(
    'a ban of the %s after the upload makes processing end Banned, never Active',
    async (what) => {
      const { t, owner, token, admin } = await setUp();
      const published = await publish(t, token, '1.0.0');
      expect((await put(t, published.json().signedUrl, '1.0.0')).statusCode).toBe(200);
      await ban(admin, what, owner.id);

      expect(await runJobs(t)).toBe(1);

      const row = await versionRow(t, '1.0.0');
      expect(row?.status).toBe('NodeVersionStatusBanned');
      expect(row?.status_reason).toMatch(/^Not published: .* is banned$/);
      // Coded as the refusal at publish time is, for clients to say in their reader's language.
      const expected = {
        account: { code: 'publishing.banned_owner', params: { publisherId: 'acme' } },
        publisher: { code: 'publishing.banned_publisher', params: { publisherId: 'acme' } },
        pack: { code: 'publishing.banned_pack', params: { nodeId: 'hello' } },
      }[what];
      expect(codedStatusReason(row?.status_reason ?? '')).toEqual(expected);
      // Not installable and its archive not public.
      expect((await t.anon.get('/nodes/hello/install?version=1.0.0')).statusCode).toBeGreaterThanOrEqual(400);
      expect((await t.anon.get('/files/acme/hello/1.0.0/node.zip')).statusCode).toBe(404);
    },
  );

  it('processing without any ban still makes the version Active', async () => {
    const { t, token } = await setUp();
    const published = await publish(t, token, '1.0.0');
    expect((await put(t, published.json().signedUrl, '1.0.0')).statusCode).toBe(200);
    expect(await runJobs(t)).toBe(1);
    expect((await versionRow(t, '1.0.0'))?.status).toBe('NodeVersionStatusActive');
  });

  it('browser publish is refused for a pack or publisher with a banned owner', async () => {
    const { t, owner, admin } = await setUp();
    const member = await t.factories.user();
    await t.ctx.db
      .insertInto('publisher_members')
      .values({ publisher_id: 'acme', user_id: member.id, role: 'member' })
      .execute();
    await ban(admin, 'account', owner.id);

    const res = await (await t.as(member)).inject({
      method: 'POST',
      url: '/publishers/acme/nodes/hello/versions/upload',
      headers: { 'content-type': 'application/zip' },
      payload: Buffer.from(packZip({ name: 'hello', version: '1.0.0' })),
    });

    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'publishing.banned_owner', params: { publisherId: 'acme' } });
    expect(await countRows(t, 'node_versions')).toBe(0);
  });

  it('browser publish by a banned account is refused', async () => {
    const { t, owner, ownerClient, admin } = await setUp();
    await ban(admin, 'account', owner.id);
    const res = await ownerClient.inject({
      method: 'POST',
      url: '/publishers/acme/nodes/hello/versions/upload',
      headers: { 'content-type': 'application/zip' },
      payload: Buffer.from(packZip({ name: 'hello', version: '1.0.0' })),
    });
    expect(res.statusCode).toBe(403);
    expect(await countRows(t, 'node_versions')).toBe(0);
  });
});
