import { randomUUID } from 'node:crypto';
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
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
import type { Database, IdentityKeysTable } from '../../db/schema.js';
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
  /** Lifetime of the tokens issued, and the longest lifetime a token may claim. */
  ttlSeconds: number;
  /** How long one key signs before the next takes over. */
  keyRotationSeconds: number;
  /** The server secret that encrypts private keys at rest; asked for on first use. */
  secret: () => string;
}

const ALGORITHM = 'ES256';
/** How far the clocks of the instances may disagree. */
export const CLOCK_SKEW_SECONDS = 60;
/** Prefix of a private key encrypted with the server secret. */
const ENCRYPTED = 'enc1$';

type SigningKey = Awaited<ReturnType<typeof importJWK>>;

/**
 * Signs and verifies the short-lived identity tokens (JWT, ES256) that authenticate API calls.
 * Keys live in the database so that every instance verifies what any instance signed; the
 * public half is published at the JWKS endpoint. The private half is stored encrypted with the
 * server secret, so a copy of the database alone cannot sign tokens. A key signs for
 * `keyRotationSeconds`, then the next one takes over; the old one keeps verifying until every
 * token it can have signed has expired, and is then removed.
 */
export class IdentityTokenService {
  #keySet: ReturnType<typeof createLocalJWKSet> | null = null;
  #publicKeys: JWK[] = [];
  /** When each known key stopped (or stops) signing, epoch ms. */
  #signsUntil = new Map<string, number>();
  #signingKey: { kid: string; key: SigningKey; signsUntil: number } | null = null;
  #secret: string | null = null;
  /** When the keys must be read again: the signing key stops signing or a key is due for removal. */
  #reloadAt = 0;

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

  /**
   * Checks signature, algorithm, expiry, issuer and audience, and that the token neither claims a
   * lifetime longer than tokens are issued for nor was issued in the future or after its key
   * stopped signing; throws 401 `invalid auth token`.
   */
  async verify(token: string): Promise<IdentityClaims> {
    let verified: { payload: JWTPayload; kid: string | undefined };
    try {
      verified = await this.#verifyOnce(token);
    } catch (error) {
      // A key created by another instance after our last load: reload once and retry.
      if (isUnknownKey(error)) {
        await this.#loadKeys();
        try {
          verified = await this.#verifyOnce(token);
        } catch {
          throw unauthorized('invalid auth token');
        }
      } else {
        throw unauthorized('invalid auth token');
      }
    }
    const { payload, kid } = verified;
    if (typeof payload.sub !== 'string' || payload.sub === '') throw unauthorized('invalid auth token');
    if (!this.#plausibleTimes(payload, kid)) throw unauthorized('invalid auth token');
    return {
      uid: payload.sub,
      email: typeof payload.email === 'string' ? payload.email : '',
      name: typeof payload.name === 'string' ? payload.name : '',
      picture: typeof payload.picture === 'string' ? payload.picture : null,
    };
  }

  /** The public keys, for `/.well-known/jwks.json`. */
  async jwks(): Promise<JSONWebKeySet> {
    if (this.#publicKeys.length === 0 || Date.now() >= this.#reloadAt) await this.#loadKeys();
    if (this.#publicKeys.length === 0) await this.#currentSigningKey();
    return { keys: this.#publicKeys };
  }

  /**
   * A token this registry issued was signed at most a clock skew from now, for exactly the
   * configured lifetime, while its key was signing. Anything else was made with a stolen key or
   * by hand, and a long lifetime would outlive the key's removal.
   */
  #plausibleTimes(payload: JWTPayload, kid: string | undefined): boolean {
    const { iat, exp } = payload;
    if (typeof iat !== 'number' || typeof exp !== 'number' || !Number.isFinite(iat)) return false;
    const now = Date.now() / 1000;
    if (iat > now + CLOCK_SKEW_SECONDS) return false;
    if (exp - iat > this.options.ttlSeconds) return false;
    const signsUntil = kid === undefined ? undefined : this.#signsUntil.get(kid);
    return signsUntil !== undefined && iat * 1000 <= signsUntil + CLOCK_SKEW_SECONDS * 1000;
  }

  async #verifyOnce(token: string): Promise<{ payload: JWTPayload; kid: string | undefined }> {
    if (!this.#keySet) await this.#loadKeys();
    const keySet = this.#keySet;
    if (!keySet) throw unauthorized('invalid auth token');
    const { payload, protectedHeader } = await jwtVerify(token, keySet, {
      algorithms: [ALGORITHM],
      issuer: this.options.issuer,
      audience: this.options.audience,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    return { payload, kid: protectedHeader.kid };
  }

  /**
   * Reads the keys: removes those whose tokens have all expired, publishes the rest, and picks
   * the newest key that is still signing and that this secret can decrypt.
   */
  async #loadKeys(now = Date.now()): Promise<void> {
    const rows = await this.db.selectFrom('identity_keys').selectAll().orderBy('created_at', 'desc').execute();
    // A key signs until `signsUntil`; what it signed then lives at most a token lifetime more.
    const verifiesFor = (this.options.ttlSeconds + CLOCK_SKEW_SECONDS) * 1000;
    const live = rows.filter((r) => signsUntilOf(r) + verifiesFor > now);
    const expired = rows.filter((r) => signsUntilOf(r) + verifiesFor <= now).map((r) => r.kid);
    if (expired.length > 0) await this.db.deleteFrom('identity_keys').where('kid', 'in', expired).execute();
    this.#reloadAt = Math.min(
      ...live.map((r) => {
        const signsUntil = signsUntilOf(r);
        return signsUntil > now ? signsUntil : signsUntil + verifiesFor;
      }),
    );

    this.#publicKeys = live.map((r) => ({
      ...(JSON.parse(r.public_jwk) as JWK),
      kid: r.kid,
      alg: r.algorithm,
      use: 'sig',
    }));
    this.#signsUntil = new Map(live.map((r) => [r.kid, signsUntilOf(r)]));
    this.#keySet = createLocalJWKSet({ keys: this.#publicKeys });

    for (const row of live) {
      const signsUntil = signsUntilOf(row);
      if (signsUntil <= now || !row.private_jwk.startsWith(ENCRYPTED)) continue;
      if (this.#signingKey?.kid === row.kid) return;
      const key = await this.#decrypt(row.private_jwk);
      // A key encrypted with another secret (AUTH_SECRET was changed) cannot sign; make a new one.
      if (!key) continue;
      this.#signingKey = { kid: row.kid, key, signsUntil };
      return;
    }
    this.#signingKey = null;
  }

  async #currentSigningKey(): Promise<{ kid: string; key: SigningKey }> {
    if (this.#signingKey && Date.now() < this.#reloadAt) return this.#signingKey;
    await this.#loadKeys();
    if (this.#signingKey) return this.#signingKey;
    const { publicKey, privateKey } = await generateKeyPair(ALGORITHM, { extractable: true });
    const createdAt = Date.now();
    await this.db
      .insertInto('identity_keys')
      .values({
        kid: randomUUID(),
        algorithm: ALGORITHM,
        public_jwk: JSON.stringify(await exportJWK(publicKey)),
        private_jwk: `${ENCRYPTED}${await symmetricEncrypt({ key: this.#key(), data: JSON.stringify(await exportJWK(privateKey)) })}`,
        created_at: new Date(createdAt).toISOString(),
        signs_until: new Date(createdAt + this.options.keyRotationSeconds * 1000).toISOString(),
      })
      .execute();
    await this.#loadKeys();
    if (!this.#signingKey) throw new Error('identity signing key could not be created');
    return this.#signingKey;
  }

  async #decrypt(stored: string): Promise<SigningKey | null> {
    try {
      const json = await symmetricDecrypt({ key: this.#key(), data: stored.slice(ENCRYPTED.length) });
      return await importJWK(JSON.parse(json) as JWK, ALGORITHM);
    } catch {
      return null;
    }
  }

  #key(): string {
    this.#secret ??= this.options.secret();
    return this.#secret;
  }
}

function signsUntilOf(row: Pick<IdentityKeysTable, 'signs_until'>): number {
  const at = row.signs_until === null ? Number.NaN : Date.parse(row.signs_until);
  return Number.isFinite(at) ? at : 0;
}

function isUnknownKey(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error as { code: unknown }).code === 'ERR_JWKS_NO_MATCHING_KEY';
}
