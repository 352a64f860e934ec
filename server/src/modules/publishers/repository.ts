import { type Insertable, type Kysely, type Selectable, sql, type Transaction, type Updateable } from 'kysely';
import type { Database, MemberRole, PublishersTable } from '../../db/schema.js';
import { containsAny, lower, startsWithAny } from '../../lib/sql-like.js';

type Db = Kysely<Database> | Transaction<Database>;

export type PublisherRow = Selectable<PublishersTable>;

/** A member of a publisher together with the account fields the API shows. */
export interface MemberRow {
  publisher_id: string;
  user_id: string;
  role: MemberRole;
  name: string;
  email: string;
  created_at: string;
}

/** One publisher by id. */
export function findPublisher(db: Db, id: string): Promise<PublisherRow | undefined> {
  return db.selectFrom('publishers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every publisher, by id. */
export function listAllPublishers(db: Db): Promise<PublisherRow[]> {
  return db.selectFrom('publishers').selectAll().orderBy('id').execute();
}

/**
 * Publishers whose id or name contains `text` (any case), those starting with it first, then by
 * id; at most `limit`. LIKE's wildcards in the text are matched literally.
 */
export function searchPublisherRows(db: Db, text: string, limit: number): Promise<PublisherRow[]> {
  const needle = text.toLowerCase();
  const columns = [lower('id'), lower('name')];
  return db
    .selectFrom('publishers')
    .selectAll()
    .where(containsAny(columns, needle))
    .orderBy(sql`case when ${startsWithAny(columns, needle)} then 0 else 1 end`)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The publishers an account belongs to in any role, by id. */
export function listPublishersOfUser(db: Db, userId: string): Promise<PublisherRow[]> {
  return db
    .selectFrom('publishers')
    .innerJoin('publisher_members', 'publisher_members.publisher_id', 'publishers.id')
    .selectAll('publishers')
    .where('publisher_members.user_id', '=', userId)
    .orderBy('publishers.id')
    .execute();
}

/** Memberships with the account's name and e-mail: the columns of a `MemberRow`. */
export function selectMembers(db: Db) {
  return db
    .selectFrom('publisher_members')
    .innerJoin('users', 'users.id', 'publisher_members.user_id')
    .select([
      'publisher_members.publisher_id',
      'publisher_members.user_id',
      'publisher_members.role',
      'publisher_members.created_at',
      'users.name',
      'users.email',
    ]);
}

/** Members of the given publishers (null: of all): owners first, then by when they joined. */
export async function membersOf(db: Db, publisherIds: string[] | null): Promise<MemberRow[]> {
  if (publisherIds?.length === 0) return [];
  let query = selectMembers(db).orderBy('publisher_members.created_at').orderBy('publisher_members.user_id');
  if (publisherIds) query = query.where('publisher_members.publisher_id', 'in', publisherIds);
  const rows = await query.execute();
  // Stable sort keeps join order within each role.
  return rows.sort((a, b) => (a.role === b.role ? 0 : a.role === 'owner' ? -1 : 1));
}

/** The account's role in a publisher, or null when it is not a member. */
export async function memberRole(db: Db, publisherId: string, userId: string): Promise<MemberRole | null> {
  const row = await db
    .selectFrom('publisher_members')
    .select('role')
    .where('publisher_id', '=', publisherId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role ?? null;
}

/** How many publishers an account belongs to, in any role. */
export async function countMemberships(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('publisher_members')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Inserts a publisher row. */
export function insertPublisher(db: Db, values: Insertable<PublishersTable>): Promise<PublisherRow> {
  return db.insertInto('publishers').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Writes the given columns of a publisher; returns the updated row. */
export function updatePublisher(db: Db, id: string, patch: Updateable<PublishersTable>): Promise<PublisherRow> {
  return db.updateTable('publishers').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/**
 * Removes a publisher with its members and tokens, and keeps its id reserved (call inside a
 * transaction).
 */
export async function deletePublisherRows(db: Db, id: string): Promise<void> {
  await db.deleteFrom('personal_access_tokens').where('publisher_id', '=', id).execute();
  await db.deleteFrom('publisher_members').where('publisher_id', '=', id).execute();
  await db.deleteFrom('publishers').where('id', '=', id).execute();
  await db
    .insertInto('retired_publisher_ids')
    .values({ id, retired_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Whether `id` belonged to a publisher that was deleted (such ids are never given out again). */
export async function isRetiredPublisherId(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('retired_publisher_ids').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** How many pack rows (in any status, deleted ones included) point at a publisher. */
export async function countPacks(db: Db, publisherId: string): Promise<number> {
  const row = await db
    .selectFrom('nodes')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('publisher_id', '=', publisherId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
