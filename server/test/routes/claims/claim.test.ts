import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNCLAIMED_PUBLISHER_ID } from '../../../src/modules/catalogue/wire.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { denied, publisherWorld } from '../publishers/world.js';
import { type FakeGitHub, startFakeGitHub } from './fake-github.js';

let github: FakeGitHub;
beforeAll(async () => {
  github = await startFakeGitHub();
  github.tokens.set('gh-admin', { login: 'octo', repos: { 'acme/hello': { admin: true, push: true, pull: true } } });
  github.tokens.set('gh-writer', { login: 'wri', repos: { 'acme/hello': { admin: false, push: true, pull: true } } });
  github.tokens.set('gh-hidden', {
    login: 'fine',
    repos: { 'acme/hello': 'hidden' },
    collaborator: { 'acme/hello': 'admin' },
  });
  github.tokens.set('gh-hidden-read', { login: 'reader', repos: { 'acme/hello': 'hidden' } });
  github.tokens.set('gh-stranger', { login: 'nobody', repos: { 'acme/hello': 'missing' } });
  github.tokens.set('gh-revoked', 'revoked');
  github.tokens.set('gh-limited', 'rate-limited');
  github.tokens.set('gh-broken', 'broken');
});
afterAll(async () => {
  await github.close();
});

/** acme's world plus the unclaimed pack `hello` from https://github.com/acme/hello. */
async function setup(env: Record<string, string> = {}) {
  const t = await buildTestApp({ GITHUB_API_URL: github.url, ...env });
  const w = await publisherWorld(t);
  await t.factories.publisher({ id: UNCLAIMED_PUBLISHER_ID, name: 'Unclaimed' });
  await t.factories.node({
    id: 'hello',
    publisher_id: UNCLAIMED_PUBLISHER_ID,
    repository_url: 'https://github.com/acme/hello.git',
  });
  github.requests.length = 0;
  return { t, w };
}

const claim = (w: Awaited<ReturnType<typeof publisherWorld>>, token: string, role = 'member' as const) =>
  w.client[role].post('/publishers/acme/nodes/hello/claim-my-node', { GH_TOKEN: token });

async function ownerOf(t: TestApp): Promise<string> {
  const row = await t.ctx.db
    .selectFrom('nodes')
    .select('publisher_id')
    .where('id', '=', 'hello')
    .executeTakeFirstOrThrow();
  return row.publisher_id;
}

describe('POST /publishers/{p}/nodes/{n}/claim-my-node', () => {
  it('moves the pack to the publisher once GitHub confirms admin rights, with an audit entry', async () => {
    const { t, w } = await setup();
    await t.factories.version({ node_id: 'hello', version: '1.0.0' });
    const announced: string[][] = [];
    t.ctx.events.on('catalogue:changed', (ids) => announced.push(ids));
    const res = await claim(w, 'gh-admin');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await ownerOf(t)).toBe('acme');
    expect(github.requests).toEqual([
      { path: '/user', authorization: 'Bearer gh-admin' },
      { path: '/repos/acme/hello', authorization: 'Bearer gh-admin' },
    ]);
    expect(await t.ctx.db.selectFrom('audit_log').selectAll().execute()).toEqual([
      {
        id: expect.any(String),
        actor_user_id: w.users.member.id,
        action: 'node.claim',
        target_type: 'node',
        target_id: 'hello',
        reason: 'GitHub user octo administers acme/hello',
        before: JSON.stringify({ publisher_id: UNCLAIMED_PUBLISHER_ID }),
        after: JSON.stringify({ publisher_id: 'acme' }),
        created_at: expect.any(String),
      },
    ]);
    expect(announced).toEqual([['hello']]);
    // Versions stay with the pack, and the token was stored nowhere.
    expect(await t.ctx.db.selectFrom('node_versions').select('node_id').execute()).toEqual([{ node_id: 'hello' }]);
    expect(JSON.stringify(await t.ctx.db.selectFrom('audit_log').selectAll().execute())).not.toContain('gh-admin');
    // A second claim finds it claimed.
    expect((await claim(w, 'gh-admin')).json()).toEqual({
      message: 'This node is already claimed by a publisher',
      error: 'it belongs to publisher acme',
      code: 'claim.already_claimed',
      params: { nodeId: 'hello' },
    });
  });

  it('asks the collaborator API when the repository answer has no permissions block', async () => {
    const { t, w } = await setup();
    expect((await claim(w, 'gh-hidden')).statusCode).toBe(204);
    expect(await ownerOf(t)).toBe('acme');
    expect(github.requests.map((r) => r.path)).toEqual([
      '/user',
      '/repos/acme/hello',
      '/repos/acme/hello/collaborators/fine/permission',
    ]);
    const { w: w2 } = await setup();
    const res = await claim(w2, 'gh-hidden-read');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message:
        'GitHub user reader does not have admin permission on acme/hello; only repository administrators can claim this node',
      error: 'permission: none',
      code: 'claim.not_repo_admin',
      params: { login: 'reader', repository: 'acme/hello' },
    });
  });

  it.each([
    [
      'a writer without admin rights',
      'gh-writer',
      403,
      {
        message:
          'GitHub user wri does not have admin permission on acme/hello; only repository administrators can claim this node',
        error: 'permission: write',
        code: 'claim.not_repo_admin',
        params: { login: 'wri', repository: 'acme/hello' },
      },
    ],
    [
      'a token that cannot see the repository',
      'gh-stranger',
      403,
      {
        message: 'Repository acme/hello not found on GitHub or not accessible with this token',
        error: '',
        code: 'claim.repo_not_found',
        params: { repository: 'acme/hello' },
      },
    ],
    [
      'a revoked GitHub token',
      'gh-revoked',
      403,
      {
        message: 'GitHub token invalid',
        error: 'GitHub rejected the token; sign in to GitHub again',
        code: 'claim.github_token_invalid',
        params: {},
      },
    ],
    [
      'a rate-limited GitHub',
      'gh-limited',
      429,
      {
        message: 'GitHub rate limit reached; try again later',
        error: '',
        code: 'claim.github_rate_limited',
        params: {},
      },
    ],
    [
      'a failing GitHub',
      'gh-broken',
      503,
      {
        message: 'GitHub is unavailable; try again later',
        error: 'GitHub answered 502 for /user',
        code: 'claim.github_unavailable',
        params: {},
      },
    ],
  ])('refuses %s and leaves the pack unclaimed', async (_case, token, status, body) => {
    const { t, w } = await setup();
    const res = await claim(w, token);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual(body);
    expect(await ownerOf(t)).toBe(UNCLAIMED_PUBLISHER_ID);
    if (status === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('answers 503 when GitHub cannot be reached', async () => {
    const closed = await startFakeGitHub();
    await closed.close();
    const { w } = await setup({ GITHUB_API_URL: closed.url });
    const res = await claim(w, 'gh-admin');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      message: 'GitHub is unavailable; try again later',
      error: expect.stringMatching(/^GitHub unreachable: /),
      code: 'claim.github_unavailable',
      params: {},
    });
  });

  it('refuses a pack that is already claimed, without asking GitHub', async () => {
    const { t, w } = await setup();
    await t.factories.publisher({ id: 'other' });
    await t.factories.node({ id: 'taken', publisher_id: 'other', repository_url: 'https://github.com/acme/hello' });
    const res = await w.client.owner.post('/publishers/acme/nodes/taken/claim-my-node', { GH_TOKEN: 'gh-admin' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'This node is already claimed by a publisher',
      error: 'it belongs to publisher other',
      code: 'claim.already_claimed',
      params: { nodeId: 'taken' },
    });
    expect(github.requests).toEqual([]);
  });

  it.each([
    ['a GitLab repository', 'https://gitlab.com/acme/hello'],
    ['no repository', ''],
  ])('answers 400 for %s', async (_case, repository) => {
    const { t, w } = await setup();
    await t.ctx.db.updateTable('nodes').set({ repository_url: repository }).execute();
    const res = await claim(w, 'gh-admin');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Only packs whose repository is on GitHub can be claimed here; ask a registry admin to transfer it',
      error: `repository: "${repository}"`,
      code: 'claim.not_github',
      params: { repository },
    });
    expect(github.requests).toEqual([]);
  });

  it('answers 404 for an unknown pack, 403 for a banned one and 400 without GH_TOKEN', async () => {
    const { t, w } = await setup();
    const missing = await w.client.owner.post('/publishers/acme/nodes/nope/claim-my-node', { GH_TOKEN: 'gh-admin' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Node not found', error: '' });
    await t.ctx.db.updateTable('nodes').set({ status: 'NodeStatusBanned' }).execute();
    expect((await claim(w, 'gh-admin')).json()).toEqual({ message: 'Node Banned', error: '' });
    const noToken = await w.client.owner.post('/publishers/acme/nodes/hello/claim-my-node', {});
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json()).toEqual({
      message: "Invalid body: GH_TOKEN must have required property 'GH_TOKEN'",
      error: 'FST_ERR_VALIDATION',
      code: expect.stringMatching(/^validation\./),
      params: expect.any(Object),
    });
  });

  it('refuses callers who are not in the publisher, before asking GitHub', async () => {
    const { t, w } = await setup();
    const res = await w.client.other.post('/publishers/acme/nodes/hello/claim-my-node', { GH_TOKEN: 'gh-admin' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(denied('acme'));
    expect(github.requests).toEqual([]);
    expect(await ownerOf(t)).toBe(UNCLAIMED_PUBLISHER_ID);
  });
});
