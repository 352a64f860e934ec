import { symmetricDecrypt } from 'better-auth/crypto';
import { decodeProtectedHeader, importJWK, type JWK, SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';

const SECRET = 'the-server-secret-for-these-tests-0123456789';

/** The registry's current signing key, as someone holding both the database and the secret has it. */
async function signingKey(t: TestApp) {
  const row = await t.ctx.db.selectFrom('identity_keys').selectAll().orderBy('created_at', 'desc').executeTakeFirst();
  const jwk = JSON.parse(await symmetricDecrypt({ key: SECRET, data: (row?.private_jwk ?? '').slice(5) })) as JWK;
  return { kid: row?.kid ?? '', key: await importJWK(jwk, 'ES256') };
}

async function handMade(t: TestApp, sub: string, iat: number, exp: number): Promise<string> {
  const { kid, key } = await signingKey(t);
  return new SignJWT({ email: 'ada@example.com', name: 'Ada', picture: null })
    .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
    .setSubject(sub)
    .setIssuer('http://registry.test')
    .setAudience('comfy-registry')
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key);
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('identity signing key rotation', () => {
  it('signs with a new key once the rotation period is over; the old key verifies until its tokens expire, then is removed', async () => {
    const t = await buildTestApp({ AUTH_SECRET: SECRET, IDENTITY_KEY_ROTATION_SECONDS: '7200' });
    const user = await t.factories.user({ email: 'ada@example.com', name: 'Ada' });
    const claims = { uid: user.id, email: user.email, name: 'Ada', picture: null };
    const start = Date.now();
    const kidOf = (token: string) => decodeProtectedHeader(token).kid;
    const publishedKids = async () =>
      ((await t.anon.get('/.well-known/jwks.json')).json() as { keys: { kid: string }[] }).keys.map((k) => k.kid);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { token: first } = await t.ctx.identity.sign(claims);
      // Ten minutes before the key's period ends.
      vi.setSystemTime(start + 6600_000);
      const { token: before } = await t.ctx.identity.sign(claims);
      expect(kidOf(before)).toBe(kidOf(first));

      vi.setSystemTime(start + 7201_000);
      const { token: after } = await t.ctx.identity.sign(claims);
      expect(kidOf(after)).not.toBe(kidOf(before));
      expect((await t.anon.get('/users', bearer(after))).statusCode).toBe(200);
      expect((await t.anon.get('/users', bearer(before))).statusCode).toBe(200);
      expect(await publishedKids()).toEqual([kidOf(after), kidOf(before)]);

      // Once every token the old key signed has expired, it is gone from the keys and the database.
      vi.setSystemTime(start + 7200_000 + 3600_000 + 61_000);
      expect((await t.anon.get('/users', bearer(before))).statusCode).toBe(401);
      expect(await publishedKids()).toEqual([kidOf(after)]);
      const stored = await t.ctx.db.selectFrom('identity_keys').select('kid').execute();
      expect(stored.map((k) => k.kid)).toEqual([kidOf(after)]);
      const { token: later } = await t.ctx.identity.sign(claims);
      expect(kidOf(later)).toBe(kidOf(after));
      expect((await t.anon.get('/users', bearer(later))).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses with 401 a token that claims a longer lifetime than tokens are issued for, or was issued in the future', async () => {
    const t = await buildTestApp({ AUTH_SECRET: SECRET });
    const admin = await t.factories.admin();
    await t.ctx.identity.sign({ uid: admin.id, email: admin.email, name: admin.name, picture: null });
    const now = Math.floor(Date.now() / 1000);

    const fair = await handMade(t, admin.id, now, now + 3600);
    expect((await t.anon.get('/users', bearer(fair))).statusCode).toBe(200);
    // Clocks of two instances may disagree by a little.
    const slightlyAhead = await handMade(t, admin.id, now + 30, now + 30 + 3600);
    expect((await t.anon.get('/users', bearer(slightlyAhead))).statusCode).toBe(200);

    const longLived = await handMade(t, admin.id, now, now + 10 * 365 * 86_400);
    const future = await handMade(t, admin.id, now + 600, now + 1200);
    for (const token of [longLived, future]) {
      const res = await t.anon.get('/users', bearer(token));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: 'invalid auth token' });
    }
  });
});
