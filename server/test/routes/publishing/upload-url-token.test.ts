import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { packZip } from '../../helpers/pack-zip.js';
import { acmeWithToken, cliPublishBody, uploadPath } from './comfy-cli.js';

async function publishHello(t: TestApp, token: string, version = '1.0.0') {
  const res = await t.anon.post('/publishers/acme/nodes/hello/versions', cliPublishBody(token, 'hello', version));
  expect(res.statusCode).toBe(201);
  return res.json().signedUrl as string;
}

function upload(t: TestApp, signedUrl: string) {
  return t.anon.inject({
    method: 'PUT',
    url: uploadPath(signedUrl),
    headers: { 'content-type': 'application/zip' },
    payload: Buffer.from(packZip({ name: 'hello', version: '1.0.0' })),
  });
}

async function storedArchives(t: TestApp): Promise<number> {
  return (await t.ctx.db.selectFrom('storage_files').select('id').execute()).length;
}

describe('an upload URL is tied to the token that asked for it', () => {
  it('stops publishing once its token is revoked', async () => {
    const t = await buildTestApp();
    const { owner, token, tokenRow } = await acmeWithToken(t);
    const signedUrl = await publishHello(t, token);
    const client = await t.as(owner);
    expect((await client.delete(`/publishers/acme/tokens/${tokenRow.id}`)).statusCode).toBe(204);

    const answer = await upload(t, signedUrl);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().code).toBe('upload_url.unknown');
    expect(await storedArchives(t)).toBe(0);
  });

  it('stops publishing once its token expires', async () => {
    const t = await buildTestApp();
    const { token, tokenRow } = await acmeWithToken(t);
    const signedUrl = await publishHello(t, token);
    await t.ctx.db
      .updateTable('personal_access_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', tokenRow.id)
      .execute();

    const answer = await upload(t, signedUrl);
    expect(answer.statusCode).toBe(401);
    expect(answer.json().code).toBe('upload_url.token_expired');
    expect(await storedArchives(t)).toBe(0);
  });

  it('still publishes while its token is valid', async () => {
    const t = await buildTestApp();
    const { token } = await acmeWithToken(t);
    const signedUrl = await publishHello(t, token);
    expect((await upload(t, signedUrl)).statusCode).toBe(200);
    expect(await storedArchives(t)).toBe(1);
  });

  it('records the token as used only by a publish that went through', async () => {
    const t = await buildTestApp();
    const { token, tokenRow } = await acmeWithToken(t);
    await publishHello(t, token);
    // The same version again is refused after the token check: its use is not recorded.
    await t.ctx.db
      .updateTable('personal_access_tokens')
      .set({ last_used_at: null })
      .where('id', '=', tokenRow.id)
      .execute();
    const refused = await t.anon.post('/publishers/acme/nodes/hello/versions', {
      ...cliPublishBody(token, 'hello', '1.0.0'),
      node_version: { version: 'not a version' },
    });
    expect(refused.statusCode).toBe(400);
    const row = await t.ctx.db
      .selectFrom('personal_access_tokens')
      .select('last_used_at')
      .where('id', '=', tokenRow.id)
      .executeTakeFirstOrThrow();
    expect(row.last_used_at).toBeNull();
    await publishHello(t, token, '1.1.0');
    const after = await t.ctx.db
      .selectFrom('personal_access_tokens')
      .select('last_used_at')
      .where('id', '=', tokenRow.id)
      .executeTakeFirstOrThrow();
    expect(after.last_used_at).not.toBeNull();
  });
});
