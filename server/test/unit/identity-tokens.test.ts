import { generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { IdentityTokenService } from '../../src/modules/auth/identity-tokens.js';
import { createTestDatabase } from '../helpers/database.js';

const options = { issuer: 'http://registry.test', audience: 'comfy-registry', ttlSeconds: 3600 };

async function service() {
  const database = await createTestDatabase();
  return { database, tokens: new IdentityTokenService(database.db, options) };
}

describe('IdentityTokenService', () => {
  it('verifies what it signed and returns the claims', async () => {
    const { database, tokens } = await service();
    const { token, expiresAt } = await tokens.sign({ uid: 'u1', email: 'a@b.test', name: 'A', picture: null });
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(3500_000);
    await expect(tokens.verify(token)).resolves.toEqual({ uid: 'u1', email: 'a@b.test', name: 'A', picture: null });
    await database.destroy();
  });

  it('shares keys through the database: another instance verifies the token', async () => {
    const { database, tokens } = await service();
    const { token } = await tokens.sign({ uid: 'u1', email: 'a@b.test', name: 'A', picture: null });
    const other = new IdentityTokenService(database.db, options);
    await expect(other.verify(token)).resolves.toMatchObject({ uid: 'u1' });
    expect((await other.jwks()).keys).toHaveLength(1);
    await database.destroy();
  });

  it('rejects unsigned, foreign-key, expired, wrong-audience and tampered tokens', async () => {
    const { database, tokens } = await service();
    const now = Math.floor(Date.now() / 1000);
    const unsigned = new UnsecuredJWT({})
      .setSubject('u1')
      .setIssuer(options.issuer)
      .setAudience(options.audience)
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode();
    const { privateKey } = await generateKeyPair('ES256');
    const foreign = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256' })
      .setSubject('u1')
      .setIssuer(options.issuer)
      .setAudience(options.audience)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    const expiredService = new IdentityTokenService(database.db, { ...options, ttlSeconds: -10 });
    const { token: expired } = await expiredService.sign({ uid: 'u1', email: '', name: '', picture: null });
    const wrongAudience = new IdentityTokenService(database.db, { ...options, audience: 'someone-else' });
    const { token: otherAudience } = await wrongAudience.sign({ uid: 'u1', email: '', name: '', picture: null });
    const { token: good } = await tokens.sign({ uid: 'u1', email: '', name: '', picture: null });
    const [h, p, s] = good.split('.');
    const tamperedPayload = Buffer.from(
      JSON.stringify({ sub: 'admin', iat: now, exp: now + 3600, iss: options.issuer, aud: options.audience }),
    ).toString('base64url');
    const tampered = `${h}.${tamperedPayload}.${s}`;
    for (const bad of [unsigned, foreign, expired, otherAudience, tampered, 'not-a-jwt', `${p}`]) {
      await expect(tokens.verify(bad)).rejects.toMatchObject({ statusCode: 401, message: 'invalid auth token' });
    }
    await database.destroy();
  });
});
