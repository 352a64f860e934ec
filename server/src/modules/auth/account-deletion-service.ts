import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { deleteTokensOf, type MembershipRow, membershipsOf } from './account-deletion-repository.js';

/** What deleting an account changes, as the account page explains it before confirming. */
export interface DeletionImpact {
  /** Publishers with no other owner: they and their packs stay public; nobody can publish to them. */
  soleOwned: { id: string; name: string; packs: number }[];
  /** Publishers with another owner: the account just leaves them. */
  shared: { id: string; name: string; role: string }[];
}

const soleOwned = (rows: MembershipRow[]) => rows.filter((row) => row.role === 'owner' && row.otherOwners === 0);

/** The impact of deleting the account `userId`. */
export async function deletionImpact(db: Kysely<Database>, userId: string): Promise<DeletionImpact> {
  const rows = await membershipsOf(db, userId);
  const sole = new Set(soleOwned(rows).map((row) => row.id));
  return {
    soleOwned: rows.filter((row) => sole.has(row.id)).map(({ id, name, packs }) => ({ id, name, packs })),
    shared: rows.filter((row) => !sole.has(row.id)).map(({ id, name, role }) => ({ id, name, role })),
  };
}

/**
 * Runs just before the account row is deleted (its memberships and star ratings then go with it,
 * by foreign key). Packs and versions are never removed: installs keep working, as on npm and
 * crates.io. Publishing stops where the account was the last one who could control it: the
 * tokens it made, and every token of publishers it owned alone, are deleted, so a forgotten CI
 * secret cannot keep publishing in the name of a person who left.
 */
export async function releaseAccount(db: Kysely<Database>, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const alone = soleOwned(await membershipsOf(trx, userId)).map((row) => row.id);
    await deleteTokensOf(trx, userId, alone);
  });
}
