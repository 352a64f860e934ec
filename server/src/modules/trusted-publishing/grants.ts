import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { unauthorized, withCode } from '../../lib/errors.js';
import { type Provenance, parseProvenance } from '../catalogue/provenance.js';
import { hashTokenSecret } from '../tokens/secrets.js';
import { findGrantByHash, takeGrant } from './repository.js';

/** Prefix of the one-version publish credentials an exchange answers with (publishing tokens use `crp_`). */
export const GRANT_PREFIX = 'crt_';

/** A new grant secret: the prefix and 32 random bytes; only its SHA-256 is stored. */
export function generateGrantSecret(): { secret: string; hash: string } {
  const secret = `${GRANT_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, hash: hashTokenSecret(secret) };
}

/** The key an exchanged identity token is remembered by: SHA-256 of its issuer and `jti`. */
export function tokenUseKey(issuer: string, jti: string): string {
  return createHash('sha256').update(`${issuer}\n${jti}`, 'utf8').digest('hex');
}

export function isGrantSecret(secret: string): boolean {
  return secret.startsWith(GRANT_PREFIX);
}

/** A grant accepted for a publish. */
export interface AcceptedGrant {
  grantId: string;
  provenance: Provenance;
  /** Who registered the trusted publisher (publishing bans of that account apply). */
  createdBy: string | null;
}

/**
 * The publish path's check of a grant: the grant of `publisherId` whose secret is `secret`, or
 * null when there is none (a wrong secret, another publisher's, or its trusted publisher was
 * deleted). An expired or already used grant is refused with 401 saying so. Taking it (`useGrant`)
 * happens in the publish's transaction.
 */
export async function verifyPublishGrant(
  db: Kysely<Database>,
  publisherId: string,
  secret: string,
  now: Date,
): Promise<AcceptedGrant | null> {
  const row = await findGrantByHash(db, publisherId, hashTokenSecret(secret));
  if (!row) return null;
  if (row.used_at !== null) throw grantUsed();
  if (Date.parse(row.expires_at) <= now.getTime()) {
    throw withCode(
      unauthorized('The trusted publishing credential has expired', `it was valid until ${row.expires_at}`),
      'publish_grant.expired',
      { expiresAt: row.expires_at },
    );
  }
  const provenance = parseProvenance(row.provenance);
  if (!provenance) return null;
  return { grantId: row.id, provenance, createdBy: row.created_by };
}

/** Takes the grant inside the publish transaction; 401 when a concurrent publish took it first. */
export async function useGrant(trx: Transaction<Database>, grantId: string, now: Date): Promise<void> {
  if (!(await takeGrant(trx, grantId, now.toISOString()))) throw grantUsed();
}

function grantUsed() {
  return withCode(
    unauthorized(
      'This trusted publishing credential was already used',
      'each exchange publishes one version; exchange a new identity token',
    ),
    'publish_grant.used',
  );
}
