import { generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { IdentityTokenService } from '../../../src/modules/auth/identity-tokens.js';
import { buildTestApp } from '../../helpers/app.js';

const claims = { issuer: 'http://registry.test', audience: 'comfy-registry' };

describe('GET /users', () => {
  it("answers the caller's profile", async () => {
    const t = await buildTestApp();
    const user = await t.factories.user({ email: 'ada@example.com', name: 'Ada', is_approved: true });
    const res = await (await t.as(user)).get('/users');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      email: 'ada@example.com',
      name: 'Ada',
      isApproved: true,
      isAdmin: false,
    });
    const admin = await t.factories.admin();
    expect((await (await t.as(admin)).get('/users')).json().isAdmin).toBe(true);
  });

  it('answers 401 missing auth token without a token', async () => {
    const t = await buildTestApp();
    const res = await t.anon.get('/users');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'missing auth token', error: 'missing auth token for path: /users' });
  });

  it('answers 401 invalid auth token for forged, expired, unsigned and malformed tokens', async () => {
    const t = await buildTestApp();
    const user = await t.factories.user();
    const { privateKey } = await generateKeyPair('ES256');
    const foreign = await new SignJWT({ email: user.email })
      .setProtectedHeader({ alg: 'ES256', kid: 'unknown' })
      .setSubject(user.id)
      .setIssuer(claims.issuer)
      .setAudience(claims.audience)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    const none = new UnsecuredJWT({ email: user.email })
      .setSubject(user.id)
      .setIssuer(claims.issuer)
      .setAudience(claims.audience)
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode();
    const expired = (
      await new IdentityTokenService(t.ctx.db, { ...t.ctx.identity.options, ttlSeconds: -60 }).sign({
        uid: user.id,
        email: user.email,
        name: user.name,
        picture: null,
      })
    ).token;
    const otherAudience = (
      await new IdentityTokenService(t.ctx.db, {
        ...t.ctx.identity.options,
        audience: 'elsewhere',
        ttlSeconds: 60,
      }).sign({
        uid: user.id,
        email: user.email,
        name: user.name,
        picture: null,
      })
    ).token;
    const { token: good } = await t.ctx.identity.sign({
      uid: user.id,
      email: user.email,
      name: user.name,
      picture: null,
    });
    const [header, , signature] = good.split('.');
    const admin = Buffer.from(JSON.stringify({ sub: 'someone-else', ...claims, exp: 9_999_999_999 })).toString(
      'base64url',
    );
    const tampered = `${header}.${admin}.${signature}`;
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const algNone = `${noneHeader}.${good.split('.')[1]}.`;
    for (const token of [foreign, none, algNone, expired, otherAudience, tampered, 'garbage', 'a.b.c']) {
      const res = await t.anon.get('/users', { authorization: `Bearer ${token}` });
      expect(res.statusCode, token).toBe(401);
      expect(res.json().message).toBe('invalid auth token');
    }
    const basic = await t.anon.get('/users', { authorization: 'Basic dXNlcjpwYXNz' });
    expect(basic.statusCode).toBe(401);
  });

  it('refuses a valid token of an account that no longer exists', async () => {
    const t = await buildTestApp();
    const user = await t.factories.user();
    const client = await t.as(user);
    await t.ctx.db.deleteFrom('users').where('id', '=', user.id).execute();
    const res = await client.get('/users');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('invalid auth token');
  });
});
