import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { cliPublishBody, countRows } from './comfy-cli.js';

/** Publisher `acme` with its owner signed in and two packs, `hello` and `other-pack`. */
async function acme(t: TestApp) {
  const owner = await t.factories.user();
  await t.factories.publisher({ id: 'acme', name: 'ACME', owner });
  await t.factories.node({ id: 'hello', publisher_id: 'acme' });
  await t.factories.node({ id: 'other-pack', publisher_id: 'acme' });
  return t.as(owner);
}

/** A token made the way the web app makes it: `POST /publishers/acme/tokens`. */
async function newToken(client: Awaited<ReturnType<typeof acme>>, body: Record<string, unknown>): Promise<string> {
  const res = await client.post('/publishers/acme/tokens', { name: 'CI', ...body });
  expect(res.statusCode).toBe(201);
  return (res.json() as { token: string }).token;
}

const publish = (t: TestApp, nodeId: string, token: string) =>
  t.anon.post(`/publishers/acme/nodes/${nodeId}/versions`, cliPublishBody(token, nodeId, '1.0.0'));

const lastUsed = async (t: TestApp) =>
  (await t.ctx.db.selectFrom('personal_access_tokens').select('last_used_at').executeTakeFirstOrThrow()).last_used_at;

describe('publish refuses tokens that expired or are limited to other packs', () => {
  it('an expired token: 401 saying so, nothing written, last use not recorded', async () => {
    const t = await buildTestApp();
    const client = await acme(t);
    const token = await newToken(client, { expiresInDays: 30 });
    // Thirty days pass.
    await t.ctx.db
      .updateTable('personal_access_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const row = await t.ctx.db.selectFrom('personal_access_tokens').select('expires_at').executeTakeFirstOrThrow();
    const before = await Promise.all([countRows(t, 'node_versions'), countRows(t, 'upload_tickets')]);
    const res = await publish(t, 'hello', token);
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 401,
      body: {
        message: 'Personal access token expired',
        error: `token "CI" expired at ${row.expires_at}; create a new token on the publisher's page`,
        code: 'token.expired',
        params: { name: 'CI', expiresAt: row.expires_at },
      },
    });
    expect(await Promise.all([countRows(t, 'node_versions'), countRows(t, 'upload_tickets')])).toEqual(before);
    expect(await lastUsed(t)).toBeNull();
  });

  it('a token before its expiry publishes and records its use', async () => {
    const t = await buildTestApp();
    const client = await acme(t);
    const token = await newToken(client, { expiresInDays: 1 });
    const res = await publish(t, 'hello', token);
    expect(res.statusCode).toBe(201);
    expect(await lastUsed(t)).toEqual(expect.any(String));
  });

  it('a token limited to other packs: 403 naming the packs it may publish, nothing written', async () => {
    const t = await buildTestApp();
    const client = await acme(t);
    const token = await newToken(client, { nodeIds: ['other-pack'] });
    for (const nodeId of ['hello', 'brand-new']) {
      const before = await Promise.all([countRows(t, 'nodes'), countRows(t, 'node_versions')]);
      const res = await publish(t, nodeId, token);
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 403,
        body: {
          message: 'Personal access token not allowed for this node',
          error: 'token "CI" may publish only: other-pack',
          code: 'token.not_for_pack',
          params: { name: 'CI', nodeId, allowed: 'other-pack' },
        },
      });
      expect(await Promise.all([countRows(t, 'nodes'), countRows(t, 'node_versions')])).toEqual(before);
    }
    expect(await lastUsed(t)).toBeNull();
  });

  it('a token limited to a pack publishes that pack, in any letter case of its id', async () => {
    const t = await buildTestApp();
    const client = await acme(t);
    const token = await newToken(client, { nodeIds: ['other-pack'] });
    const res = await t.anon.post(
      '/publishers/acme/nodes/Other-Pack/versions',
      cliPublishBody(token, 'other-pack', '1.0.0'),
    );
    expect(res.statusCode).toBe(201);
  });

  it('a token for every pack publishes a brand-new pack', async () => {
    const t = await buildTestApp();
    const client = await acme(t);
    const token = await newToken(client, {});
    expect((await publish(t, 'brand-new', token)).statusCode).toBe(201);
  });
});
