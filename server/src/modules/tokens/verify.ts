import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';
import { forbidden, unauthorized, withCode } from '../../lib/errors.js';
import { findTokenByHash, type TokenRow, touchToken } from './repository.js';
import { allowsPack, isExpired, tokenPacks } from './scope.js';
import { hashTokenSecret } from './secrets.js';

/**
 * The publish path's token check: the token of `publisherId` whose secret is `secret`, or null.
 * Only the SHA-256 of the secret is compared (the lookup goes through the unique hash index),
 * so timing reveals nothing about a stored secret. A token that matches but has expired (401)
 * or is limited to other packs than `nodeId` (403) is refused with a message saying so, because
 * its owner holds the secret and needs to know what to fix. Only an accepted token records
 * `last_used_at`. Whether the publisher or its packs are banned is the caller's question.
 */
export async function verifyPublisherToken(
  db: Kysely<Database> | Transaction<Database>,
  publisherId: string,
  secret: string,
  nodeId: string,
  /** Record `last_used_at` now; off when the caller records it only once its own work succeeds. */
  options: { touch?: boolean } = {},
): Promise<TokenRow | null> {
  if (secret.length === 0 || secret.length > 1000) return null;
  const row = await findTokenByHash(db, publisherId, hashTokenSecret(secret));
  if (!row) return null;
  if (isExpired(row, new Date())) {
    throw withCode(
      unauthorized(
        'Personal access token expired',
        `token "${row.name}" expired at ${row.expires_at}; create a new token on the publisher's page`,
      ),
      'token.expired',
      { name: row.name, expiresAt: row.expires_at ?? '' },
    );
  }
  if (!allowsPack(row, nodeId)) {
    const packs = (tokenPacks(row) ?? []).join(', ');
    throw withCode(
      forbidden('Personal access token not allowed for this node', `token "${row.name}" may publish only: ${packs}`),
      'token.not_for_pack',
      { name: row.name, nodeId, allowed: packs },
    );
  }
  if (options.touch === false) return row;
  const usedAt = nowIso();
  await touchToken(db, row.id, usedAt);
  return { ...row, last_used_at: usedAt };
}
