import { describe, expect, it } from 'vitest';
import { UNCLAIMED_PUBLISHER_ID } from '../../../src/modules/catalogue/wire.js';
import { outboxOf } from '../../auth/support/accounts.js';
import { readOutbox } from '../../auth/support/outbox.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { publisherWorld } from '../publishers/world.js';

/** acme's world plus the unclaimed pack `hello`; GitHub sign-in is not configured. */
async function setup(env: Record<string, string> = {}) {
  const t = await buildTestApp(env);
  const w = await publisherWorld(t);
  await t.factories.publisher({ id: UNCLAIMED_PUBLISHER_ID, name: 'Unclaimed' });
  await t.factories.node({ id: 'hello', name: 'Hello Pack', publisher_id: UNCLAIMED_PUBLISHER_ID });
  return { t, w };
}

async function ownerOf(t: TestApp): Promise<string> {
  const row = await t.ctx.db
    .selectFrom('nodes')
    .select('publisher_id')
    .where('id', '=', 'hello')
    .executeTakeFirstOrThrow();
  return row.publisher_id;
}

const ask = (w: Awaited<ReturnType<typeof publisherWorld>>, role: 'member' | 'other' | 'owner' = 'member') =>
  w.client[role].post('/nodes/hello/claim-requests', { publisher_id: 'acme', message: 'I maintain acme/hello' });

const pendingJson = {
  id: expect.any(String),
  node_id: 'hello',
  publisher_id: 'acme',
  message: 'I maintain acme/hello',
  status: 'pending',
  decision_note: '',
  created_at: expect.any(String),
  decided_at: null,
};

describe('POST /nodes/{n}/claim-requests', () => {
  it('records a request of a publisher member, leaves the pack unclaimed, and lists it for admins', async () => {
    const { t, w } = await setup();
    const res = await ask(w);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual(pendingJson);
    expect(await ownerOf(t)).toBe(UNCLAIMED_PUBLISHER_ID);

    const list = await w.client.admin.get('/admin/claim-requests');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      requests: [
        {
          ...pendingJson,
          node_name: 'Hello Pack',
          node_repository: expect.any(String),
          publisher_name: 'ACME',
          requester: { email: w.users.member.email, name: 'Mia Member' },
        },
      ],
      total: 1,
      page: 1,
      limit: 20,
    });
  });

  it('refuses strangers, repeats, claimed packs and bad input, changing nothing', async () => {
    const { t, w } = await setup();
    expect(
      (await w.client.anonymous.post('/nodes/hello/claim-requests', { publisher_id: 'acme', message: '' })).statusCode,
    ).toBe(401);
    expect((await ask(w, 'other')).statusCode).toBe(403);
    expect((await w.client.member.post('/nodes/hello/claim-requests', { message: 'x' })).statusCode).toBe(400);
    expect(
      (await w.client.member.post('/nodes/no-such/claim-requests', { publisher_id: 'acme', message: '' })).statusCode,
    ).toBe(404);
    expect((await ask(w)).statusCode).toBe(201);
    const again = await ask(w);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'You already asked to claim this pack; the administrators have not decided yet',
      error: 'one open request per pack and requester',
      code: 'claim.request_pending',
      params: { nodeId: 'hello' },
    });
    await t.factories.node({ id: 'owned', publisher_id: 'acme' });
    const owned = await w.client.member.post('/nodes/owned/claim-requests', { publisher_id: 'acme', message: '' });
    expect({ status: owned.statusCode, body: owned.json() }).toEqual({
      status: 403,
      body: {
        message: 'This node is already claimed by a publisher',
        error: '',
        code: 'claim.already_claimed',
        params: { nodeId: 'owned' },
      },
    });
    expect(await t.ctx.db.selectFrom('claim_requests').select('id').execute()).toHaveLength(1);
  });

  it('is refused where GitHub sign-in proves claims instead', async () => {
    const { w } = await setup({ GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' });
    const res = await ask(w);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Claims on this registry are proven through GitHub',
      error: 'use POST /publishers/{publisherId}/nodes/{nodeId}/claim-my-node',
      code: 'claim.use_github',
      params: {},
    });
  });
});

describe('POST /admin/claim-requests/{id}/approve|deny', () => {
  it('approving moves the pack to the publisher, audits it and e-mails the requester', async () => {
    const { t, w } = await setup();
    const { id } = (await ask(w)).json() as { id: string };
    const announced: string[][] = [];
    t.ctx.events.on('catalogue:changed', (ids) => announced.push(ids));
    const res = await w.client.admin.post(`/admin/claim-requests/${id}/approve`, { note: 'Checked the repository' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...pendingJson,
      status: 'approved',
      decision_note: 'Checked the repository',
      decided_at: expect.any(String),
    });
    expect(await ownerOf(t)).toBe('acme');
    expect(announced).toEqual([['hello']]);
    const entries = await t.ctx.db.selectFrom('audit_log').select(['action', 'target_id', 'actor_user_id']).execute();
    expect(entries).toEqual([
      { action: 'node.claim_request.approve', target_id: 'hello', actor_user_id: w.users.admin.id },
    ]);
    const mails = await readOutbox(outboxOf(t));
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [w.users.member.email, 'Your claim of Hello Pack was approved'],
    ]);
    expect(mails[0]?.text).toContain('Their note: Checked the repository');
    expect(mails[0]?.link).toBe('http://web.test/nodes/hello');
    // Decided once: a second decision changes nothing.
    const again = await w.client.admin.post(`/admin/claim-requests/${id}/deny`, {});
    expect({ status: again.statusCode, body: again.json() }).toEqual({
      status: 409,
      body: {
        message: 'This claim request was already decided',
        error: 'status: approved',
        code: 'claim.decided',
        params: { status: 'approved' },
      },
    });
    expect(await ownerOf(t)).toBe('acme');
  });

  it('denying leaves the pack unclaimed and tells the requester', async () => {
    const { t, w } = await setup();
    const { id } = (await ask(w)).json() as { id: string };
    const res = await w.client.admin.post(`/admin/claim-requests/${id}/deny`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { status: string }).status).toBe('denied');
    expect(await ownerOf(t)).toBe(UNCLAIMED_PUBLISHER_ID);
    const mails = await readOutbox(outboxOf(t));
    expect(mails.map((m) => m.subject)).toEqual(['Your claim of Hello Pack was denied']);
    // The requester may ask again once the first request is decided.
    expect((await ask(w)).statusCode).toBe(201);
  });

  it('is for admins only, and refuses unknown requests', async () => {
    const { t, w } = await setup();
    const { id } = (await ask(w)).json() as { id: string };
    expect((await w.client.anonymous.post(`/admin/claim-requests/${id}/approve`, {})).statusCode).toBe(401);
    expect((await w.client.owner.post(`/admin/claim-requests/${id}/approve`, {})).statusCode).toBe(403);
    expect((await w.client.owner.get('/admin/claim-requests')).statusCode).toBe(403);
    const unknown = await w.client.admin.post('/admin/claim-requests/nope/approve', {});
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({
      status: 404,
      body: { message: 'Claim request not found', error: '', code: 'claim.request_not_found', params: {} },
    });
    expect((await w.client.admin.get('/admin/claim-requests?status=maybe')).statusCode).toBe(400);
    expect(await ownerOf(t)).toBe(UNCLAIMED_PUBLISHER_ID);
  });

  it('an approval after someone else got the pack is refused and rolled back', async () => {
    const { t, w } = await setup();
    const { id } = (await ask(w)).json() as { id: string };
    await t.ctx.db.updateTable('nodes').set({ publisher_id: 'acme' }).where('id', '=', 'hello').execute();
    const res = await w.client.admin.post(`/admin/claim-requests/${id}/approve`, {});
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 409,
      body: {
        message: 'This node is already claimed by a publisher',
        error: 'deny the request instead',
        code: 'claim.already_claimed',
        params: { nodeId: 'hello' },
      },
    });
    const row = await t.ctx.db.selectFrom('claim_requests').select('status').executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect(await t.ctx.db.selectFrom('audit_log').select('id').execute()).toEqual([]);
  });
});
