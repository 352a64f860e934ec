import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';

async function world(t: TestApp) {
  const adminUser = await t.factories.admin();
  await t.factories.publisher({ id: 'acme' });
  await t.factories.node({ id: 'hello', publisher_id: 'acme' });
  await t.factories.version({ node_id: 'hello', status: 'NodeVersionStatusPending' });
  return { adminUser, admin: await t.as(adminUser) };
}

const VALID =
  'valid statuses: NodeVersionStatusActive, NodeVersionStatusPending, NodeVersionStatusFlagged, NodeVersionStatusBanned, NodeVersionStatusDeleted';

describe('admin bad input answers clear 4xx', () => {
  it('refuses unknown version statuses, listing the valid ones', async () => {
    const t = await buildTestApp();
    const { admin } = await world(t);
    const res = await admin.put('/admin/nodes/hello/versions/1.0.0', { status: 'Approved' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid status: Approved', error: VALID });
  });

  it('refuses bad compatibility values', async () => {
    const t = await buildTestApp();
    const { admin } = await world(t);
    const spec = await admin.put('/admin/nodes/hello/versions/1.0.0', { supported_comfyui_version: '>=1.0' });
    expect(spec.json()).toEqual({
      message: 'Invalid supported_comfyui_version: ">=1.0"',
      error: 'expected comma-separated version specifiers such as ">=1.2.0,<2.0.0"',
    });
    const os = await admin.put('/admin/nodes/hello/versions/1.0.0', { supported_os: ['BeOS'] });
    expect(os.statusCode).toBe(400);
    expect(os.json()).toEqual({
      message: 'Invalid supported_os: BeOS',
      error: 'allowed values: OS Independent, Microsoft, POSIX, MacOS',
    });
    const ok = await admin.put('/admin/nodes/hello/versions/1.0.0', {
      supported_os: ['POSIX :: Linux', 'windows'],
      supported_accelerators: ['GPU :: NVIDIA CUDA'],
      supported_comfyui_version: '>=0.3.0, <1.0.0',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      status: 'NodeVersionStatusPending',
      supported_os: ['POSIX :: Linux', 'windows'],
      supported_accelerators: ['GPU :: NVIDIA CUDA'],
      supported_comfyui_version: '>=0.3.0,<1.0.0',
    });
  });

  it('answers 404 for unknown packs and versions, 409 for undo without history', async () => {
    const t = await buildTestApp();
    const { admin } = await world(t);
    const body = { status: 'NodeVersionStatusActive' };
    expect((await admin.put('/admin/nodes/nope/versions/1.0.0', body)).json()).toEqual({
      message: 'Node not found',
      error: 'no node nope',
    });
    expect((await admin.put('/admin/nodes/hello/versions/9.9.9', body)).json()).toEqual({
      message: 'Node version not found',
      error: 'no version 9.9.9 of hello',
    });
    const undo = await admin.post('/admin/nodes/hello/versions/1.0.0/undo');
    expect(undo.statusCode).toBe(409);
    expect(undo.json()).toEqual({
      message: 'Nothing to undo',
      error: 'version hello@1.0.0 has no status change to undo',
    });
    expect((await admin.post('/publishers/acme/nodes/nope/ban', {})).statusCode).toBe(404);
    expect((await admin.post('/publishers/nope/ban', {})).json()).toEqual({
      message: 'Publisher not found',
      error: '',
    });
  });

  it('keeps search_ranking within 1..10 and refuses duplicate pack ids in any case', async () => {
    const t = await buildTestApp();
    const { admin } = await world(t);
    for (const rank of [0, 11]) {
      const res = await admin.put('/admin/nodes/hello', { search_ranking: rank });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: `Invalid search_ranking: ${rank}`,
        error: 'an integer from 1 (first) to 10 (last)',
      });
    }
    const dup = await admin.post('/admin/nodes', { id: 'HELLO', name: 'Again' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: 'Node already exists', error: 'node id HELLO is taken' });
    expect((await admin.put('/admin/nodes/hello', { status: 'Gone' })).statusCode).toBe(400);
  });

  it('an admin cannot ban or demote themselves; another admin can', async () => {
    const t = await buildTestApp();
    const { adminUser, admin } = await world(t);
    const refused = {
      message: 'You cannot ban or demote yourself',
      error: 'ask another admin',
      code: 'user.self_change',
      params: {},
    };
    const demote = await admin.put(`/admin/users/${adminUser.id}`, { isAdmin: false });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual(refused);
    const ban = await admin.put(`/admin/users/${adminUser.id}`, { banned: true, reason: 'oops' });
    expect(ban.statusCode).toBe(409);
    expect(ban.json()).toEqual(refused);
    // Nothing changed, and nothing was logged.
    expect((await admin.get('/users')).json()).toMatchObject({ isAdmin: true });
    expect((await admin.get('/admin/audit?action=user.update')).json()).toMatchObject({ total: 0 });
    expect((await admin.get('/admin/audit?action=user.ban')).json()).toMatchObject({ total: 0 });

    const otherUser = await t.factories.user();
    expect((await admin.put(`/admin/users/${otherUser.id}`, { isAdmin: true })).json()).toMatchObject({
      isAdmin: true,
    });
    const other = await t.as(otherUser);
    expect((await other.put(`/admin/users/${adminUser.id}`, { isAdmin: false })).json()).toMatchObject({
      isAdmin: false,
    });
  });

  it('refuses to ban the placeholder publisher of unclaimed packs', async () => {
    const t = await buildTestApp();
    const { admin } = await world(t);
    const created = await admin.post('/admin/nodes', { id: 'loose-pack', name: 'Loose pack' });
    expect(created.statusCode).toBe(201);
    const placeholder = created.json().publisher.id as string;
    const res = await admin.post(`/publishers/${placeholder}/ban`, { reason: 'everything' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'The unclaimed placeholder cannot be banned',
      error: 'ban the packs one by one instead',
      code: 'publisher.placeholder_ban',
      params: {},
    });
    expect((await t.anon.get('/nodes/loose-pack')).json()).toMatchObject({ status: 'NodeStatusActive' });
    expect((await admin.get('/admin/audit?action=publisher.ban')).json()).toMatchObject({ total: 0 });
  });
});
