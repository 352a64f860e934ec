import { symmetricDecrypt } from 'better-auth/crypto';
import { decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { retireClearKeys } from '../../src/db/migrations/0009_identity_key_rotation.js';
import { IdentityTokenService } from '../../src/modules/auth/identity-tokens.js';
import { createTestDatabase } from '../helpers/database.js';

const SECRET = 'a-server-secret-of-at-least-32-characters';
const options = {
  issuer: 'http://registry.test',
  audience: 'comfy-registry',
  ttlSeconds: 3600,
  keyRotationSeconds: 86_400,
  secret: () => SECRET,
};

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

describe('identity signing keys at rest', () => {
  it('are stored encrypted: a copy of the database without the secret holds no usable key', async () => {
    const { database, tokens } = await service();
    const { token } = await tokens.sign({ uid: 'u1', email: 'a@b.test', name: 'A', picture: null });
    const rows = await database.db.selectFrom('identity_keys').selectAll().execute();
    expect(rows).toHaveLength(1);
    const stored = rows[0]?.private_jwk ?? '';
    expect(() => JSON.parse(stored)).toThrow();
    expect(stored).not.toMatch(/"d"|"kty"/);
    expect(stored.startsWith('enc1$')).toBe(true);
    await expect(
      symmetricDecrypt({ key: 'another-secret-of-at-least-32-chars', data: stored.slice(5) }),
    ).rejects.toThrow();

    // An instance with another secret cannot sign with the stored key: it makes its own, and
    // still verifies what the first one signed.
    const stranger = new IdentityTokenService(database.db, { ...options, secret: () => 'x'.repeat(40) });
    const { token: own } = await stranger.sign({ uid: 'u2', email: '', name: '', picture: null });
    expect(decodeProtectedHeader(own).kid).not.toBe(decodeProtectedHeader(token).kid);
    await expect(stranger.verify(token)).resolves.toMatchObject({ uid: 'u1' });
    await database.destroy();
  });

  it('made before encryption are retired by the migration: their private half is erased, their tokens still verify', async () => {
    const database = await createTestDatabase();
    const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
    const kid = 'clear-key';
    await database.db
      .insertInto('identity_keys')
      .values({
        kid,
        algorithm: 'ES256',
        public_jwk: JSON.stringify(await exportJWK(publicKey)),
        private_jwk: JSON.stringify(await exportJWK(privateKey)),
        created_at: new Date(Date.now() - 600_000).toISOString(),
        signs_until: null,
      })
      .execute();
    const issued = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid })
      .setSubject('u1')
      .setIssuer(options.issuer)
      .setAudience(options.audience)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);

    await retireClearKeys(database.db as unknown as Kysely<unknown>, database.dialect);

    const row = await database.db.selectFrom('identity_keys').selectAll().where('kid', '=', kid).executeTakeFirst();
    expect(row?.private_jwk).toBe('erased');
    expect(Date.parse(row?.signs_until ?? '')).toBeLessThanOrEqual(Date.now());
    const tokens = new IdentityTokenService(database.db, options);
    await expect(tokens.verify(issued)).resolves.toMatchObject({ uid: 'u1' });
    const { token } = await tokens.sign({ uid: 'u1', email: '', name: '', picture: null });
    expect(decodeProtectedHeader(token).kid).not.toBe(kid);
    await database.destroy();
  });
});
