import type { Kysely, Transaction } from 'kysely';
import type { Database, MemberRole } from '../../db/schema.js';
import { type MemberRow, selectMembers } from './repository.js';

type Db = Kysely<Database> | Transaction<Database>;

/** One membership with the account's name and e-mail. */
export function findMember(db: Db, publisherId: string, userId: string): Promise<MemberRow | undefined> {
  return selectMembers(db)
    .where('publisher_members.publisher_id', '=', publisherId)
    .where('publisher_members.user_id', '=', userId)
    .executeTakeFirst();
}

/** Adds an account to a publisher. */
export async function insertMember(db: Db, publisherId: string, userId: string, role: MemberRole): Promise<void> {
  await db.insertInto('publisher_members').values({ publisher_id: publisherId, user_id: userId, role }).execute();
}

/** Changes a member's role. */
export async function setMemberRole(db: Db, publisherId: string, userId: string, role: MemberRole): Promise<void> {
  await db
    .updateTable('publisher_members')
    .set({ role })
    .where('publisher_id', '=', publisherId)
    .where('user_id', '=', userId)
    .execute();
}

/** Removes an account from a publisher. */
export async function deleteMember(db: Db, publisherId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('publisher_members')
    .where('publisher_id', '=', publisherId)
    .where('user_id', '=', userId)
    .execute();
}

/** How many owners a publisher has. */
export async function countOwners(db: Db, publisherId: string): Promise<number> {
  const row = await db
    .selectFrom('publisher_members')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('publisher_id', '=', publisherId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
