import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { JobWorker } from '../../../src/engines/jobs/worker.js';
import { registryJobHandlers } from '../../../src/job-handlers.js';
import { hashTokenSecret } from '../../../src/modules/tokens/secrets.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { actionsClaims, startOidcIssuer } from '../../helpers/oidc-issuer.js';
import { packZip } from '../../helpers/pack-zip.js';
import { publisherWorld } from '../publishers/world.js';
import { cliPublishBody } from '../publishing/comfy-cli.js';

const run = promisify(execFile);
const ACTION = path.resolve(import.meta.dirname, '../../../../clients/github-action/publish.sh');
const WORKFLOW = '.github/workflows/publish.yml';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The registry listening on 127.0.0.1 at the address its PUBLIC_API_URL names (upload URLs the
 * action follows are built from it). The port is chosen before the app is built, so another
 * process may take it meanwhile (the suites run side by side); then another port is tried.
 */
async function listeningApp(env: Record<string, string>): Promise<{ t: TestApp; base: string }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const t = await buildTestApp({ PUBLIC_API_URL: base, ...env });
    try {
      await t.app.listen({ port, host: '127.0.0.1' });
      return { t, base };
    } catch (error) {
      await t.app.close();
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 5) throw error;
    }
  }
}

/** Rows a refused request must not have written. */
async function counts(t: TestApp) {
  const count = async (table: 'trusted_publish_grants' | 'oidc_token_uses' | 'node_versions' | 'nodes') =>
    Number(
      (
        await t.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    grants: await count('trusted_publish_grants'),
    uses: await count('oidc_token_uses'),
    versions: await count('node_versions'),
    packs: await count('nodes'),
  };
}

describe('trusted publishers of a publisher', () => {
  it('owners and admins register, list and delete them; others are refused and bad input writes nothing', async () => {
    const t = await buildTestApp();
    const w = await publisherWorld(t);
    const url = '/publishers/acme/trusted-publishers';
    const body = { repository: 'Acme/Hello-Nodes', workflow: 'publish.yml', environment: 'Release' };

    const created = await w.client.owner.post(url, body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(String),
      issuer: 'https://token.actions.githubusercontent.com',
      repository: 'acme/hello-nodes',
      workflow: WORKFLOW,
      environment: 'release',
      createdAt: expect.any(String),
    });
    expect((await w.client.owner.post(url, body)).json()).toMatchObject({ code: 'trusted_publisher.exists' });

    for (const [bad, code] of [
      [{ ...body, repository: 'https://github.com/acme/x' }, 'validation.pattern'],
      [{ ...body, workflow: '../../evil.yml' }, 'validation.pattern'],
      [{ ...body, workflow: '.github/workflows/sub/x.yml' }, 'validation.pattern'],
      [{ ...body, environment: 'a;b' }, 'validation.pattern'],
      [{ ...body, issuer: 'https://gitlab.com' }, 'trusted_publisher.issuer'],
      [{ workflow: 'publish.yml' }, 'validation.required'],
    ] as const) {
      const res = await w.client.owner.post(url, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ code });
    }
    expect((await w.client.member.post(url, { ...body, environment: '' })).statusCode).toBe(403);
    expect((await w.client.other.post(url, { ...body, environment: '' })).statusCode).toBe(403);
    expect((await w.client.anonymous.post(url, { ...body, environment: '' })).statusCode).toBe(401);
    expect((await w.client.owner.post('/publishers/nobody/trusted-publishers', body)).statusCode).toBe(404);
    expect((await w.client.member.get(url)).statusCode).toBe(403);
    expect(await t.ctx.db.selectFrom('trusted_publishers').select('id').execute()).toHaveLength(1);

    const admin = await w.client.admin.post(url, { repository: 'acme/other', workflow: `${WORKFLOW}` });
    expect(admin.statusCode).toBe(201);
    const listed = (await w.client.owner.get(url)).json() as { id: string; repository: string }[];
    expect(listed.map((tp) => tp.repository)).toEqual(['acme/hello-nodes', 'acme/other']);

    const id = listed[0]?.id ?? '';
    expect((await w.client.other.delete(`${url}/${id}`)).statusCode).toBe(403);
    expect((await w.client.owner.delete(`${url}/${id}`)).statusCode).toBe(204);
    expect((await w.client.owner.delete(`${url}/${id}`)).json()).toMatchObject({ code: 'trusted_publisher.not_found' });
    expect(((await w.client.owner.get(url)).json() as unknown[]).length).toBe(1);

    // Who may publish for the publisher is on record: each add and removal, by whom, with the identity.
    const log = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'target_id', 'before', 'after'])
      .where('action', 'like', 'publisher.trusted_publisher_%')
      .orderBy('created_at')
      .execute();
    expect(log.map((e) => [e.action, e.actor_user_id, e.target_id])).toEqual([
      ['publisher.trusted_publisher_add', w.users.owner.id, 'acme'],
      ['publisher.trusted_publisher_add', w.users.admin.id, 'acme'],
      ['publisher.trusted_publisher_remove', w.users.owner.id, 'acme'],
    ]);
    expect(JSON.parse(log[2]?.before ?? 'null')).toEqual({
      trusted_publisher: id,
      issuer: 'https://token.actions.githubusercontent.com',
      repository: 'acme/hello-nodes',
      workflow: WORKFLOW,
      environment: 'release',
    });
  });
});

describe('refused exchanges from one address', () => {
  it('answer 429 with Retry-After past the limit, for that address only, and a refusal writes nothing', async () => {
    const t = await buildTestApp({ TRUSTED_PUBLISHING_FAILURES_PER_IP: '2' });
    await publisherWorld(t);
    const exchange = (remoteAddress: string) =>
      t.anon.inject({
        method: 'POST',
        url: '/publishers/acme/trusted-publishers/exchange',
        payload: { token: 'not-a-jwt' },
        remoteAddress,
      });
    expect((await exchange('203.0.113.7')).json()).toMatchObject({ code: 'oidc.malformed' });
    expect((await exchange('203.0.113.7')).json()).toMatchObject({ code: 'oidc.malformed' });
    const limited = await exchange('203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'oidc.too_many_failures' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(600);
    // Another address is still heard, and nothing was granted or remembered for any of them.
    expect((await exchange('198.51.100.4')).json()).toMatchObject({ code: 'oidc.malformed' });
    expect(await t.ctx.db.selectFrom('trusted_publish_grants').select('id').execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('oidc_token_uses').select('token_key').execute()).toEqual([]);
  });
});

describe('publishing from a CI job with its identity token', () => {
  it('the shipped action publishes through a local issuer; bad tokens are refused and write nothing', async () => {
    const claims = actionsClaims('acme/hello', WORKFLOW);
    const oidc = await startOidcIssuer(claims);
    const { t, base } = await listeningApp({ TRUSTED_PUBLISHING_ISSUER: oidc.issuer });
    const owner = await t.factories.user();
    await t.factories.publisher({ id: 'acme', name: 'ACME', owner });
    const registered = await (await t.as(owner)).post('/publishers/acme/trusted-publishers', {
      repository: 'acme/hello',
      workflow: WORKFLOW,
    });
    expect(registered.statusCode).toBe(201);

    // The action's own script, as the runner runs it, with the runtime's token request pointed at the issuer.
    const repo = mkdtempSync(path.join(os.tmpdir(), 'action-repo-'));
    writeFileSync(
      path.join(repo, 'pyproject.toml'),
      '[project]\nname = "hello"\nversion = "1.0.0"\ndescription = "Says hello"\nlicense = "MIT"\n' +
        '[project.urls]\nRepository = "https://github.com/acme/hello"\n[tool.comfy]\nPublisherId = "acme"\nDisplayName = "Hello"\n',
    );
    writeFileSync(path.join(repo, 'node.zip'), packZip({ name: 'hello', version: '1.0.0' }));
    const action = await run('bash', [ACTION], {
      cwd: repo,
      env: { PATH: process.env.PATH ?? '', REGISTRY_URL: base, ...oidc.runtime },
    });
    expect(action.stdout).toContain('Published hello 1.0.0');

    // Nothing long-lived: the used credential's hash only, and the token's jti until it expires.
    const [grant] = await t.ctx.db.selectFrom('trusted_publish_grants').selectAll().execute();
    expect(grant?.used_at).not.toBeNull();
    expect(grant?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(grant?.expires_at ?? '') - Date.parse(grant?.created_at ?? '')).toBe(600_000);
    expect(await t.ctx.db.selectFrom('personal_access_tokens').select('id').execute()).toEqual([]);

    const worker = new JobWorker(t.ctx.db, t.ctx.dialect, registryJobHandlers(t.ctx), {
      concurrency: 1,
      pollIntervalMs: 1000,
      leaseMs: 60_000,
      retryBaseSeconds: 1,
    });
    expect(await worker.runOnce()).toBe(1);
    const install = await fetch(`${base}/nodes/hello/install`);
    expect(await install.json()).toMatchObject({ version: '1.0.0', status: 'NodeVersionStatusActive' });
    const trust = (await (await fetch(`${base}/nodes/hello/versions/1.0.0/trust`)).json()) as { published: unknown };
    expect(trust.published).toEqual({
      via: 'trusted_publisher',
      issuer: oidc.issuer,
      repository: 'acme/hello',
      workflow: WORKFLOW,
      environment: '',
      commit: claims.sha,
      run_id: claims.run_id,
      run_attempt: '1',
      ref: 'refs/heads/main',
    });

    // The credential published once; a second publish with it is refused.
    const exchange = (token: string) =>
      fetch(`${base}/publishers/acme/trusted-publishers/exchange`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
    const publish = (credential: string, version: string) =>
      fetch(`${base}/publishers/acme/nodes/hello/versions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(cliPublishBody(credential, 'hello', version)),
      });
    const good = await oidc.sign({ claims, audience: base });
    const answer = (await (await exchange(good)).json()) as { personal_access_token: string };
    expect(answer.personal_access_token).toMatch(/^crt_[A-Za-z0-9_-]{43}$/);
    expect((await publish(answer.personal_access_token, '1.1.0')).status).toBe(201);
    const again = await publish(answer.personal_access_token, '1.2.0');
    expect([again.status, ((await again.json()) as { code: string }).code]).toEqual([401, 'publish_grant.used']);

    // Every refusal: a clear 4xx with its code, and nothing written.
    const before = await counts(t);
    const refusals: [string, Promise<string>, number, string][] = [
      ['replayed', Promise.resolve(good), 401, 'oidc.replayed'],
      [
        'wrong repository',
        oidc.sign({ claims: actionsClaims('mallory/hello', WORKFLOW), audience: base }),
        403,
        'oidc.no_match',
      ],
      [
        'wrong workflow',
        oidc.sign({ claims: actionsClaims('acme/hello', '.github/workflows/other.yml'), audience: base }),
        403,
        'oidc.no_match',
      ],
      ['wrong audience', oidc.sign({ claims, audience: 'https://other-registry.example' }), 401, 'oidc.wrong_audience'],
      ['expired', oidc.sign({ claims, audience: base, issuedAgo: 900, expiresIn: 300 }), 401, 'oidc.expired'],
      ['unknown key', oidc.sign({ claims, audience: base, unknownKey: true }), 401, 'oidc.unknown_key'],
      [
        'wrong issuer',
        oidc.sign({ claims, audience: base, issuer: 'https://token.actions.githubusercontent.com' }),
        401,
        'oidc.wrong_issuer',
      ],
      ['not a JWT', Promise.resolve('not-a-jwt'), 400, 'oidc.malformed'],
    ];
    for (const [name, token, status, code] of refusals) {
      const res = await exchange(await token);
      const json = (await res.json()) as { code: string; message: string };
      expect([name, res.status, json.code], json.message).toEqual([name, status, code]);
    }
    expect(await counts(t)).toEqual(before);
    // A credential that was never issued publishes nothing either.
    const forged = await publish(`crt_${'A'.repeat(43)}`, '1.3.0');
    expect(forged.status).toBe(400);
    expect(await t.ctx.db.selectFrom('trusted_publish_grants').select('token_hash').execute()).not.toContainEqual({
      token_hash: hashTokenSecret(`crt_${'A'.repeat(43)}`),
    });
    expect(await counts(t)).toEqual(before);
  });
});
