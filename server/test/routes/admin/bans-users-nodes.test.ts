import { describe, expect, it } from 'vitest';
import { UNCLAIMED_PUBLISHER_ID } from '../../../src/modules/catalogue/wire.js';
import { buildTestApp } from '../../helpers/app.js';

describe('publisher bans, users and pack administration', () => {
  it('bans a publisher and its active packs, refuses its writes, and unban restores exactly that', async () => {
    const t = await buildTestApp();
    const admin = await t.as(await t.factories.admin());
    const owner = await t.factories.user();
    await t.factories.publisher({ id: 'acme', owner });
    await t.factories.node({ id: 'one', publisher_id: 'acme' });
    await t.factories.node({ id: 'two', publisher_id: 'acme', status: 'NodeStatusBanned', status_detail: 'earlier' });
    expect((await admin.post('/publishers/acme/ban', { reason: 'spam' })).statusCode).toBe(204);
    expect((await admin.post('/publishers/acme/ban', {})).statusCode).toBe(409);
    const states = () => t.ctx.db.selectFrom('nodes').select(['id', 'status', 'status_detail']).orderBy('id').execute();
    expect(await states()).toEqual([
      { id: 'one', status: 'NodeStatusBanned', status_detail: 'spam' },
      { id: 'two', status: 'NodeStatusBanned', status_detail: 'earlier' },
    ]);
    const member = await t.as(owner);
    const write = await member.put('/publishers/acme', { description: 'x' });
    expect(write.statusCode).toBe(403);
    // Members keep their accounts: the ban is on the publisher, not on people.
    expect(await t.ctx.db.selectFrom('users').select('status').where('id', '=', owner.id).executeTakeFirst()).toEqual({
      status: 'ACTIVE',
    });
    expect((await admin.post('/publishers/acme/unban', {})).statusCode).toBe(204);
    expect(await states()).toEqual([
      { id: 'one', status: 'NodeStatusActive', status_detail: '' },
      { id: 'two', status: 'NodeStatusBanned', status_detail: 'earlier' },
    ]);
    const publisher = await t.ctx.db.selectFrom('publishers').select(['status', 'status_reason']).executeTakeFirst();
    expect(publisher).toEqual({ status: 'PublisherStatusActive', status_reason: '' });
  });

  it('bans a user: sessions revoked, writes refused; lists and searches users', async () => {
    const t = await buildTestApp();
    const admin = await t.as(await t.factories.admin());
    const user = await t.factories.user({ email: 'bad@example.test', name: 'Bad Actor' });
    await t.ctx.db
      .insertInto('sessions')
      .values({ id: 's1', user_id: user.id, token: 'tok', expires_at: new Date(Date.now() + 60_000).toISOString() })
      .execute();
    const ban = await admin.put(`/admin/users/${user.id}`, { banned: true, reason: 'abuse' });
    expect(ban.statusCode).toBe(200);
    expect(ban.json()).toEqual({
      id: user.id,
      email: 'bad@example.test',
      name: 'Bad Actor',
      isAdmin: false,
      isApproved: false,
      status: 'BANNED',
      status_reason: 'abuse',
      createdAt: expect.any(String),
    });
    expect(await t.ctx.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    const banned = await t.as(user);
    const write = await banned.post('/publishers', { id: 'mine', name: 'Mine' });
    expect(write.statusCode).toBe(403);
    const found = await admin.get('/admin/users?q=ACTOR');
    expect(found.json()).toEqual({
      total: 1,
      users: [expect.objectContaining({ id: user.id, status: 'BANNED' })],
      page: 1,
      limit: 20,
      totalPages: 1,
    });
    expect((await admin.put(`/admin/users/${user.id}`, { banned: false })).json()).toMatchObject({ status: 'ACTIVE' });
    expect((await admin.put('/admin/users/nobody', { banned: true })).statusCode).toBe(404);
  });

  it('creates an unclaimed pack, assigns it, unclaims it, and lists every pack with filters', async () => {
    const t = await buildTestApp();
    const admin = await t.as(await t.factories.admin());
    await t.factories.publisher({ id: 'acme' });
    await t.factories.node({ id: 'gone', name: 'Gone pack', publisher_id: 'acme', status: 'NodeStatusDeleted' });
    const created = await admin.post('/admin/nodes', { id: 'orphan', name: 'Orphan', category: 'image' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      id: 'orphan',
      name: 'Orphan',
      category: 'image',
      status: 'NodeStatusActive',
      search_ranking: 5,
      publisher: { id: UNCLAIMED_PUBLISHER_ID, name: 'Unclaimed' },
    });
    const assigned = await admin.put('/admin/nodes/orphan', {
      publisher: { id: 'acme' },
      search_ranking: 1,
      preempted_comfy_node_names: ['Load'],
      tags_admin: ['dev'],
    });
    expect(assigned.json()).toMatchObject({
      publisher: { id: 'acme' },
      search_ranking: 1,
      preempted_comfy_node_names: ['Load'],
      tags_admin: ['dev'],
    });
    expect((await admin.put('/admin/nodes/orphan', { publisher: { id: 'nope' } })).statusCode).toBe(404);
    const unclaimed = await admin.put('/admin/nodes/orphan', { publisher: { id: UNCLAIMED_PUBLISHER_ID } });
    expect(unclaimed.json().publisher).toEqual({ id: UNCLAIMED_PUBLISHER_ID, name: 'Unclaimed' });
    const deleted = await admin.get('/admin/nodes?status=NodeStatusDeleted&q=gone');
    expect(deleted.json()).toMatchObject({ total: 1, nodes: [{ id: 'gone' }], page: 1, limit: 10, totalPages: 1 });
    expect((await admin.get('/admin/nodes')).json().total).toBe(2);
    expect((await admin.get('/admin/stats')).json()).toEqual({
      pending_versions: 0,
      flagged_versions: 0,
      banned_nodes: 0,
      nodes_created_last_7_days: 2,
      users: 1,
      publishers: 2,
      held_versions: 0,
      decision_window_days: 30,
      decisions_in_window: 0,
      median_decision_seconds: null,
    });
    const audit = await admin.get('/admin/audit?targetId=orphan');
    expect(audit.json().entries.map((e: { action: string }) => e.action)).toEqual([
      'node.update',
      'node.update',
      'node.create',
    ]);
    expect(audit.json().entries[0]).toMatchObject({
      before: { publisher_id: 'acme' },
      after: { publisher_id: UNCLAIMED_PUBLISHER_ID },
    });
  });
});
