import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** One publisher an account belongs to, with what deleting the account would change there. */
export interface MembershipRow {
  id: string;
  name: string;
  role: string;
  /** Owners besides this account. */
  otherOwners: number;
  /** Packs of the publisher (any status). */
  packs: number;
}

/** The account's publishers, by id. */
export async function membershipsOf(db: Db, userId: string): Promise<MembershipRow[]> {
  const rows = await db
    .selectFrom('publisher_members as m')
    .innerJoin('publishers as p', 'p.id', 'm.publisher_id')
    .select((eb) => [
      'p.id as id',
      'p.name as name',
      'm.role as role',
      eb
        .selectFrom('publisher_members as o')
        .select((o) => o.fn.countAll<string | number>().as('n'))
        .whereRef('o.publisher_id', '=', 'p.id')
        .where('o.role', '=', 'owner')
        .where('o.user_id', '!=', userId)
        .as('other_owners'),
      eb
        .selectFrom('nodes as n')
        .select((n) => n.fn.countAll<string | number>().as('n'))
        .whereRef('n.publisher_id', '=', 'p.id')
        .as('packs'),
    ])
    .where('m.user_id', '=', userId)
    .orderBy('p.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    role: row.role,
    otherOwners: Number(row.other_owners ?? 0),
    packs: Number(row.packs ?? 0),
  }));
}

/** Deletes the publishing tokens the account made, and every token of the given publishers. */
export async function deleteTokensOf(db: Db, userId: string, publisherIds: string[]): Promise<void> {
  await db.deleteFrom('personal_access_tokens').where('created_by', '=', userId).execute();
  if (publisherIds.length > 0) {
    await db.deleteFrom('personal_access_tokens').where('publisher_id', 'in', publisherIds).execute();
  }
}
