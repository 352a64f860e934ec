import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, PersonalAccessTokensTable } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export type TokenRow = Selectable<PersonalAccessTokensTable>;

/** Stores a new token (its hash, never the secret). */
export function insertToken(db: Db, values: Insertable<PersonalAccessTokensTable>): Promise<TokenRow> {
  return db.insertInto('personal_access_tokens').values(values).returningAll().executeTakeFirstOrThrow();
}

/** A publisher's tokens, oldest first. */
export function listTokensOf(db: Db, publisherId: string): Promise<TokenRow[]> {
  return db
    .selectFrom('personal_access_tokens')
    .selectAll()
    .where('publisher_id', '=', publisherId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Deletes one token of one publisher; false when the publisher has no such token. */
export async function deleteTokenOf(db: Db, publisherId: string, tokenId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('personal_access_tokens')
    .where('publisher_id', '=', publisherId)
    .where('id', '=', tokenId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The token of a publisher whose secret hashes to `hash`, if any (expired or not). */
export function findTokenByHash(db: Db, publisherId: string, hash: string): Promise<TokenRow | undefined> {
  return db
    .selectFrom('personal_access_tokens')
    .selectAll()
    .where('token_hash', '=', hash)
    .where('publisher_id', '=', publisherId)
    .executeTakeFirst();
}

/** Notes that a token was just used. */
export async function touchToken(db: Db, tokenId: string, at: string): Promise<void> {
  await db.updateTable('personal_access_tokens').set({ last_used_at: at }).where('id', '=', tokenId).execute();
}

/** The publisher's packs among `normalizedIds` (pack ids folded by `normalizeNodeId`). */
export function findPublisherPacks(
  db: Db,
  publisherId: string,
  normalizedIds: string[],
): Promise<{ id: string; normalized_id: string }[]> {
  if (normalizedIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('nodes')
    .select(['id', 'normalized_id'])
    .where('publisher_id', '=', publisherId)
    .where('normalized_id', 'in', normalizedIds)
    .execute();
}
