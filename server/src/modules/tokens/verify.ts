import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';
import { findTokenByHash, type TokenRow, touchToken } from './repository.js';
import { hashTokenSecret } from './secrets.js';

/**
 * The publish path's token check: the token of `publisherId` whose secret is `secret`, or null.
 * Only the SHA-256 of the secret is compared (the lookup goes through the unique hash index),
 * so timing reveals nothing about a stored secret. A match records `last_used_at`.
 * Whether the publisher or its packs are banned is the caller's question.
 */
export async function verifyPublisherToken(
  db: Kysely<Database> | Transaction<Database>,
  publisherId: string,
  secret: string,
): Promise<TokenRow | null> {
  if (secret.length === 0 || secret.length > 1000) return null;
  const row = await findTokenByHash(db, publisherId, hashTokenSecret(secret));
  if (!row) return null;
  const usedAt = nowIso();
  await touchToken(db, row.id, usedAt);
  return { ...row, last_used_at: usedAt };
}
