import { randomUUID } from 'node:crypto';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JSONWebKeySet,
  type JWK,
  type JWTPayload,
  jwtVerify,
  SignJWT,
} from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { unauthorized } from '../../lib/errors.js';

/** What an identity token says about its holder. */
export interface IdentityClaims {
  uid: string;
  email: string;
  name: string;
  picture: string | null;
}

export interface IdentityTokenOptions {
  issuer: string;
  audience: string;
  ttlSeconds: number;
}

const ALGORITHM = 'ES256';

type SigningKey = Awaited<ReturnType<typeof importJWK>>;

/**
 * Signs and verifies the short-lived identity tokens (JWT, ES256) that authenticate API calls.
 * Keys live in the database so that every instance verifies what any instance signed; the
 * public half is published at the JWKS endpoint.
 */
export class IdentityTokenService {
  #keySet: ReturnType<typeof createLocalJWKSet> | null = null;
  #publicKeys: JWK[] = [];
  #signingKey: { kid: string; key: SigningKey } | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    readonly options: IdentityTokenOptions,
  ) {}

  /** Issues a token for an account. */
  async sign(claims: IdentityClaims): Promise<{ token: string; expiresAt: Date }> {
    const signing = await this.#currentSigningKey();
    const issuedAt = Math.floor(Date.now() / 1000);
    const expiresAt = new Date((issuedAt + this.options.ttlSeconds) * 1000);
    const token = await new SignJWT({ email: claims.email, name: claims.name, picture: claims.picture })
      .setProtectedHeader({ alg: ALGORITHM, kid: signing.kid, typ: 'JWT' })
      .setSubject(claims.uid)
      .setIssuer(this.options.issuer)
      .setAudience(this.options.audience)
      .setIssuedAt(issuedAt)
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .setJti(randomUUID())
      .sign(signing.key);
    return { token, expiresAt };
  }

  /** Checks signature, algorithm, expiry, issuer and audience; throws 401 `invalid auth token`. */
  async verify(token: string): Promise<IdentityClaims> {
    let payload: JWTPayload;
    try {
      payload = await this.#verifyOnce(token);
    } catch (error) {
      // A key created by another instance after our last load: reload once and retry.
      if (isUnknownKey(error)) {
        await this.#loadKeys();
        try {
          payload = await this.#verifyOnce(token);
        } catch {
          throw unauthorized('invalid auth token');
        }
      } else {
        throw unauthorized('invalid auth token');
      }
    }
    if (typeof payload.sub !== 'string' || payload.sub === '') throw unauthorized('invalid auth token');
    return {
      uid: payload.sub,
      email: typeof payload.email === 'string' ? payload.email : '',
      name: typeof payload.name === 'string' ? payload.name : '',
      picture: typeof payload.picture === 'string' ? payload.picture : null,
    };
  }

  /** The public keys, for `/.well-known/jwks.json`. */
  async jwks(): Promise<JSONWebKeySet> {
    if (this.#publicKeys.length === 0) await this.#loadKeys();
    if (this.#publicKeys.length === 0) await this.#currentSigningKey();
    return { keys: this.#publicKeys };
  }

  async #verifyOnce(token: string): Promise<JWTPayload> {
    if (!this.#keySet) await this.#loadKeys();
    const keySet = this.#keySet;
    if (!keySet) throw unauthorized('invalid auth token');
    const { payload } = await jwtVerify(token, keySet, {
      algorithms: [ALGORITHM],
      issuer: this.options.issuer,
      audience: this.options.audience,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    return payload;
  }

  async #loadKeys(): Promise<void> {
    const rows = await this.db.selectFrom('identity_keys').selectAll().orderBy('created_at', 'desc').execute();
    this.#publicKeys = rows.map((r) => ({
      ...(JSON.parse(r.public_jwk) as JWK),
      kid: r.kid,
      alg: r.algorithm,
      use: 'sig',
    }));
    this.#keySet = createLocalJWKSet({ keys: this.#publicKeys });
    const newest = rows[0];
    if (newest && this.#signingKey?.kid !== newest.kid) {
      this.#signingKey = { kid: newest.kid, key: await importJWK(JSON.parse(newest.private_jwk) as JWK, ALGORITHM) };
    }
  }

  async #currentSigningKey(): Promise<{ kid: string; key: SigningKey }> {
    if (this.#signingKey) return this.#signingKey;
    await this.#loadKeys();
    if (this.#signingKey) return this.#signingKey;
    const { publicKey, privateKey } = await generateKeyPair(ALGORITHM, { extractable: true });
    const kid = randomUUID();
    await this.db
      .insertInto('identity_keys')
      .values({
        kid,
        algorithm: ALGORITHM,
        public_jwk: JSON.stringify(await exportJWK(publicKey)),
        private_jwk: JSON.stringify(await exportJWK(privateKey)),
        created_at: new Date().toISOString(),
      })
      .execute();
    await this.#loadKeys();
    if (!this.#signingKey) throw new Error('identity signing key could not be created');
    return this.#signingKey;
  }
}

function isUnknownKey(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error as { code: unknown }).code === 'ERR_JWKS_NO_MATCHING_KEY';
}
