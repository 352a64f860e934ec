import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { revokeUserSessions } from '../../../src/modules/auth/repository.js';
import { passwordAccount } from '../../auth/support/accounts.js';
import { buildTestApp } from '../../helpers/app.js';

async function signedIn(t: Awaited<ReturnType<typeof buildTestApp>>, email = 'ada@example.com') {
  const user = await passwordAccount(t, email, 'secret-1', { name: 'Ada' });
  const res = await t.anon.post('/api/auth/sign-in/email', { email, password: 'secret-1' });
  return { user, cookie: String(res.headers['set-cookie']).split(';')[0] ?? '' };
}

describe('GET /auth/token', () => {
  it('issues a one-hour ES256 token verifiable with the published keys', async () => {
    const t = await buildTestApp();
    const { user, cookie } = await signedIn(t);
    const res = await t.anon.get('/auth/token', { cookie });
    expect(res.statusCode).toBe(200);
    const { token, expiresAt } = res.json() as { token: string; expiresAt: string };
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(3590_000);

    const jwks = await t.anon.get('/.well-known/jwks.json');
    expect(jwks.statusCode).toBe(200);
    const keySet = jwks.json() as JSONWebKeySet;
    expect(keySet.keys).toEqual([
      {
        kty: 'EC',
        crv: 'P-256',
        x: expect.any(String),
        y: expect.any(String),
        kid: expect.any(String),
        alg: 'ES256',
        use: 'sig',
      },
    ]);
    const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(keySet), {
      issuer: 'http://registry.test',
      audience: 'comfy-registry',
    });
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toEqual({
      sub: user.id,
      email: 'ada@example.com',
      name: 'Ada',
      picture: null,
      iss: 'http://registry.test',
      aud: 'comfy-registry',
      iat: expect.any(Number),
      exp: expect.any(Number),
      jti: expect.any(String),
    });
  });

  it('answers 401 UNAUTHENTICATED without a session, with a forged cookie, or with an expired session', async () => {
    const t = await buildTestApp();
    expect((await t.anon.get('/auth/token')).json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Not signed in.' });
    const forged = await t.anon.get('/auth/token', { cookie: 'registry.session_token=forged.c2lnbmF0dXJl' });
    expect(forged.statusCode).toBe(401);

    const { cookie } = await signedIn(t);
    await t.ctx.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await t.anon.get('/auth/token', { cookie })).statusCode).toBe(401);
  });

  it('stops at once when the sessions are revoked or the account is banned', async () => {
    const t = await buildTestApp();
    const ada = await signedIn(t, 'ada@example.com');
    await revokeUserSessions(t.ctx.db, ada.user.id);
    expect((await t.anon.get('/auth/token', { cookie: ada.cookie })).statusCode).toBe(401);

    const bob = await signedIn(t, 'bob@example.com');
    await t.ctx.db.updateTable('users').set({ status: 'BANNED' }).where('id', '=', bob.user.id).execute();
    const banned = await t.anon.get('/auth/token', { cookie: bob.cookie });
    expect(banned.statusCode).toBe(403);
    expect(banned.json()).toEqual({ code: 'USER_DISABLED', message: 'This account has been disabled.' });
  });
});
