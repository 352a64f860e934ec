import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, TrustedPublishersTable, TrustedPublishGrantsTable } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export type TrustedPublisherRow = Selectable<TrustedPublishersTable>;
export type GrantRow = Selectable<TrustedPublishGrantsTable>;

/** A publisher's trusted publishers, oldest first. */
export function listTrustedPublishersOf(db: Db, publisherId: string): Promise<TrustedPublisherRow[]> {
  return db
    .selectFrom('trusted_publishers')
    .selectAll()
    .where('publisher_id', '=', publisherId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function insertTrustedPublisher(
  db: Db,
  values: Insertable<TrustedPublishersTable>,
): Promise<TrustedPublisherRow> {
  return db.insertInto('trusted_publishers').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Deletes one trusted publisher of one publisher (its unused grants go with it); the row deleted, or null when absent. */
export async function deleteTrustedPublisherOf(
  db: Db,
  publisherId: string,
  id: string,
): Promise<TrustedPublisherRow | null> {
  const row = await db
    .deleteFrom('trusted_publishers')
    .where('publisher_id', '=', publisherId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Records an exchanged identity token until it expires; false when it was exchanged before (the
 * primary key decides between two concurrent exchanges). Tokens past their expiry are forgotten
 * first: they can no longer be exchanged anyway.
 */
export async function recordTokenUse(db: Db, tokenKey: string, expiresAt: string, now: string): Promise<boolean> {
  await db.deleteFrom('oidc_token_uses').where('expires_at', '<', now).execute();
  const inserted = await db
    .insertInto('oidc_token_uses')
    .values({ token_key: tokenKey, expires_at: expiresAt })
    .onConflict((oc) => oc.column('token_key').doNothing())
    .returning('token_key')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Stores a new grant; grants expired for a day are removed on the way (they only ever refuse). */
export async function insertGrant(db: Db, values: Insertable<TrustedPublishGrantsTable>, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  await db.deleteFrom('trusted_publish_grants').where('expires_at', '<', dayAgo).execute();
  await db.insertInto('trusted_publish_grants').values(values).execute();
}

/** The grant of a publisher whose secret hashes to `hash`, with its trusted publisher's creator. */
export function findGrantByHash(
  db: Db,
  publisherId: string,
  hash: string,
): Promise<(GrantRow & { created_by: string | null }) | undefined> {
  return db
    .selectFrom('trusted_publish_grants as g')
    .innerJoin('trusted_publishers as tp', 'tp.id', 'g.trusted_publisher_id')
    .selectAll('g')
    .select('tp.created_by')
    .where('g.token_hash', '=', hash)
    .where('g.publisher_id', '=', publisherId)
    .executeTakeFirst();
}

/** Takes an unused, unexpired grant for one publish; false when another publish took it first. */
export async function takeGrant(db: Db, grantId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('trusted_publish_grants')
    .set({ used_at: now })
    .where('id', '=', grantId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
