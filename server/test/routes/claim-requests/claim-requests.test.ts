import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { UNCLAIMED_PUBLISHER_ID } from '../../../src/modules/catalogue/wire.js';
import { outboxOf } from '../../auth/support/accounts.js';
import { readOutbox } from '../../auth/support/outbox.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { startGitHost } from '../../helpers/git-host.js';
import { publisherWorld } from '../publishers/world.js';

/**
 * acme's world plus the unclaimed pack `hello`, whose repository `acme/hello` a loopback git
 * host serves; GitHub sign-in is not configured, so claims are proven by a file in that repository.
 */
async function setup(env: Record<string, string> = {}) {
  const git = await startGitHost([{ slug: 'acme/hello', files: { 'README.md': '# hello\n' } }]);
  const host = new URL(git.base).host;
  const t = await buildTestApp({
    CLAIM_RAW_FILE_URLS: `${host}=${git.base}/{path}/raw/HEAD/{file}`,
    ...env,
  });
  const w = await publisherWorld(t);
  await t.factories.publisher({ id: UNCLAIMED_PUBLISHER_ID, name: 'Unclaimed' });
  await t.factories.node({
    id: 'hello',
    name: 'Hello Pack',
    publisher_id: UNCLAIMED_PUBLISHER_ID,
    repository_url: git.url('acme/hello'),
  });
  return { t, w, git };
}

type World = Awaited<ReturnType<typeof setup>>;

/** Commits the request's proof file to the repository and asks the registry to read it. */
async function prove({ w, git }: Pick<World, 'w' | 'git'>, id: string) {
  const mine = (await w.client.member.get('/nodes/hello/claim-requests')).json() as {
    requests: { id: string; proof: { file: string; token: string } }[];
  };
  const proof = mine.requests.find((r) => r.id === id)?.proof;
  if (!proof) throw new Error(`no request ${id}`);
  git.commit('acme/hello', { [proof.file]: `${proof.token}\n` });
  const checked = await w.client.member.post(`/claim-requests/${id}/check`, {});
  expect(checked.statusCode).toBe(200);
  expect((checked.json() as { proof: { status: string } }).proof.status).toBe('verified');
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
  proof: {
    file: 'comfy-registry-claim.txt',
    token: expect.stringMatching(/^comfy-registry-claim:acme:[A-Za-z0-9_-]{24}$/),
    url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/acme\/hello\/raw\/HEAD\/comfy-registry-claim\.txt$/),
    status: 'unchecked',
    reason: '',
    detail: '',
    checked_at: null,
  },
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

  it('lets one account send only CLAIM_REQUESTS_PER_DAY requests in 24 hours, then answers 429', async () => {
    const { t, w, git } = await setup({ CLAIM_REQUESTS_PER_DAY: '2' });
    for (const id of ['two', 'three', 'four']) {
      await t.factories.node({ id, publisher_id: UNCLAIMED_PUBLISHER_ID, repository_url: git.url('acme/hello') });
    }
    const askFor = (id: string) =>
      w.client.member.post(`/nodes/${id}/claim-requests`, { publisher_id: 'acme', message: 'mine' });
    expect((await askFor('hello')).statusCode).toBe(201);
    expect((await askFor('two')).statusCode).toBe(201);
    const third = await askFor('three');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'claim.request_limit', params: { limit: 2 } });
    const retry = Number(third.headers['retry-after']);
    expect(retry).toBeGreaterThan(86_000);
    expect(retry).toBeLessThanOrEqual(86_400);
    const rows = await t.ctx.db.selectFrom('claim_requests').select('node_id').execute();
    expect(rows.map((r) => r.node_id).sort()).toEqual(['hello', 'two']);

    // Requests older than a day no longer count; another account has its own allowance.
    const dayAndAMinuteAgo = new Date(Date.now() - 86_400_000 - 60_000).toISOString();
    await sql`update claim_requests set created_at = ${dayAndAMinuteAgo} where node_id = 'hello'`.execute(t.ctx.db);
    expect((await askFor('three')).statusCode).toBe(201);
    expect((await askFor('four')).statusCode).toBe(429);
    const owner = await w.client.owner.post('/nodes/hello/claim-requests', { publisher_id: 'acme', message: 'ours' });
    expect(owner.statusCode).toBe(201);
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
  it('approving a proven request moves the pack to the publisher, audits it and e-mails the requester', async () => {
    const { t, w, git } = await setup();
    const { id } = (await ask(w)).json() as { id: string };
    await prove({ w, git }, id);
    const announced: string[][] = [];
    t.ctx.events.on('catalogue:changed', (ids) => announced.push(ids));
    const res = await w.client.admin.post(`/admin/claim-requests/${id}/approve`, { note: 'Checked the repository' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...pendingJson,
      status: 'approved',
      decision_note: 'Checked the repository',
      decided_at: expect.any(String),
      proof: {
        ...pendingJson.proof,
        status: 'verified',
        reason: 'found',
        detail: 'comfy-registry-claim.txt on the default branch contains the token.',
        checked_at: expect.any(String),
      },
    });
    expect(await ownerOf(t)).toBe('acme');
    expect(announced).toEqual([['hello']]);
    const entries = await t.ctx.db.selectFrom('audit_log').select(['action', 'target_id', 'actor_user_id']).execute();
    expect(entries).toEqual([
      { action: 'node.claim_request.approve', target_id: 'hello', actor_user_id: w.users.admin.id },
    ]);
    const mails = (await readOutbox(outboxOf(t))).filter((m) => m.to === w.users.member.email);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [w.users.member.email, 'Your claim of Hello Pack was approved'],
    ]);
    expect(mails[0]?.text).toContain('Their note: Checked the repository');
    expect(mails[0]?.link).toBe('http://web.test/nodes/hello');
    // The pack's history says how the claim was proven.
    const custody = await t.ctx.db.selectFrom('pack_custody_events').select(['kind', 'detail']).execute();
    expect(custody).toEqual([
      {
        kind: 'claim',
        detail: expect.stringMatching(
          /^Claim request approved by an administrator after comfy-registry-claim\.txt was found at http:\/\/127\.0\.0\.1:\d+\/acme\/hello\/raw\/HEAD\/comfy-registry-claim\.txt: Checked the repository$/,
        ),
      },
    ]);
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
    const mails = (await readOutbox(outboxOf(t))).filter((m) => m.to === w.users.member.email);
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
    const { t, w, git } = await setup();
    const { id } = (await ask(w)).json() as { id: string };
    await prove({ w, git }, id);
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

describe('proof of control of the repository', () => {
  it('a claim asserted in words cannot be approved; the file with the token proves it', async () => {
    const { t, w, git } = await setup();
    const created = await w.client.member.post('/nodes/hello/claim-requests', {
      publisher_id: 'acme',
      message: 'I am its maintainer',
    });
    const { id, proof } = created.json() as { id: string; proof: { token: string; file: string } };

    // Every administrator hears of the new request.
    const adminMails = (await readOutbox(outboxOf(t))).filter((m) => m.to === w.users.admin.email);
    expect(adminMails.map((m) => m.subject)).toEqual(['Claim request for Hello Pack']);
    expect(adminMails[0]?.text).toContain(`${w.users.member.email} asked to move the pack "Hello Pack" (hello)`);
    expect(adminMails[0]?.link).toBe('http://web.test/admin/claim-requests');

    const unproven = await w.client.admin.post(`/admin/claim-requests/${id}/approve`, {});
    expect({ status: unproven.statusCode, body: unproven.json() }).toEqual({
      status: 409,
      body: {
        message: 'This claim is not proven: the registry has not found the proof file in the repository',
        error: 'check the proof file first; deny the request if it never appears',
        code: 'claim.unproven',
        params: {},
      },
    });
    expect(await ownerOf(t)).toBe(UNCLAIMED_PUBLISHER_ID);

    const check = async () => {
      const res = await w.client.member.post(`/claim-requests/${id}/check`, {});
      expect(res.statusCode).toBe(200);
      return (res.json() as { proof: { status: string; detail: string } }).proof;
    };
    expect(await check()).toMatchObject({
      status: 'failed',
      reason: 'missing',
      detail: 'comfy-registry-claim.txt is not on the default branch (the host answered 404).',
    });
    git.commit('acme/hello', { [proof.file]: 'comfy-registry-claim:acme:somebody-elses-token\n' });
    expect(await check()).toMatchObject({
      status: 'failed',
      reason: 'other_token',
      detail:
        "comfy-registry-claim.txt names another token (comfy-registry-claim:acme:somebody-elses-token), not this request's.",
    });
    expect((await w.client.admin.post(`/admin/claim-requests/${id}/approve`, {})).statusCode).toBe(409);
    // The registry read the repository's default branch through the raw-file pattern.
    expect(git.requests).toContain('/acme/hello/raw/HEAD/comfy-registry-claim.txt');

    git.commit('acme/hello', { [proof.file]: `# claim of hello\n${proof.token}\n` });
    expect(await check()).toMatchObject({ status: 'verified' });
    const list = (await w.client.admin.get('/admin/claim-requests')).json() as {
      requests: { proof: { status: string; url: string; detail: string } }[];
    };
    expect(list.requests[0]?.proof).toMatchObject({
      status: 'verified',
      url: `${git.base}/acme/hello/raw/HEAD/comfy-registry-claim.txt`,
      detail: 'comfy-registry-claim.txt on the default branch contains the token.',
    });
    expect((await w.client.admin.post(`/admin/claim-requests/${id}/approve`, {})).statusCode).toBe(200);
    expect(await ownerOf(t)).toBe('acme');
    // A decided request is not checked again.
    expect((await w.client.member.post(`/claim-requests/${id}/check`, {})).statusCode).toBe(409);
  });

  it('only the requester (or an admin) sees and checks a request', async () => {
    const { w } = await setup();
    const { id } = (await ask(w)).json() as { id: string };
    expect((await w.client.anonymous.get('/nodes/hello/claim-requests')).statusCode).toBe(401);
    expect((await w.client.other.get('/nodes/hello/claim-requests')).json()).toEqual({ requests: [] });
    expect((await w.client.member.get('/nodes/hello/claim-requests')).json()).toEqual({ requests: [pendingJson] });
    expect((await w.client.member.get('/nodes/no-such/claim-requests')).statusCode).toBe(404);
    expect((await w.client.anonymous.post(`/claim-requests/${id}/check`, {})).statusCode).toBe(401);
    const stranger = await w.client.other.post(`/claim-requests/${id}/check`, {});
    expect({ status: stranger.statusCode, code: (stranger.json() as { code: string }).code }).toEqual({
      status: 404,
      code: 'claim.request_not_found',
    });
    const byAdmin = await w.client.admin.post(`/claim-requests/${id}/check`, {});
    expect((byAdmin.json() as { proof: { status: string } }).proof.status).toBe('failed');
  });

  it('a pack on a host the registry cannot read is refused with a clear reason', async () => {
    const { t, w } = await setup();
    await t.factories.node({
      id: 'elsewhere',
      publisher_id: UNCLAIMED_PUBLISHER_ID,
      repository_url: 'https://code.example.org/someone/elsewhere',
    });
    const res = await w.client.member.post('/nodes/elsewhere/claim-requests', { publisher_id: 'acme', message: '' });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 400,
      body: {
        message:
          "This registry cannot read files from this pack's repository, so the claim cannot be proven; ask a registry admin to transfer it",
        error: 'repository: "https://code.example.org/someone/elsewhere"',
        code: 'claim.repository_unreadable',
        params: { repository: 'https://code.example.org/someone/elsewhere' },
      },
    });
    expect(await t.ctx.db.selectFrom('claim_requests').select('id').execute()).toEqual([]);
  });
});
