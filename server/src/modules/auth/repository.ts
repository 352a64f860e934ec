import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Provider id better-auth gives the password sign-in method. */
export const CREDENTIAL_PROVIDER = 'credential';

/** Makes an account admin. */
export async function setAdmin(db: Db, userId: string): Promise<void> {
  await db.updateTable('users').set({ is_admin: true, updated_at: nowIso() }).where('id', '=', userId).execute();
}

/** Creates an account whose address counts as confirmed. */
export async function insertVerifiedUser(
  db: Db,
  user: { id: string; email: string; name: string; isAdmin: boolean },
): Promise<void> {
  await db
    .insertInto('users')
    .values({ id: user.id, email: user.email, name: user.name, email_verified: true, is_admin: user.isAdmin })
    .execute();
}

/** Gives an account a password (a `credential` sign-in method holding its hash). */
export async function insertPasswordAccount(
  db: Db,
  account: { id: string; userId: string; hash: string },
): Promise<void> {
  await db
    .insertInto('accounts')
    .values({
      id: account.id,
      user_id: account.userId,
      provider_id: CREDENTIAL_PROVIDER,
      account_id: account.userId,
      password: account.hash,
    })
    .execute();
}

/**
 * Signs an account out everywhere: its sessions are deleted, so no new identity token can be
 * obtained with them (tokens already issued expire within their lifetime). For moderation
 * (bans) and other modules.
 */
export async function revokeUserSessions(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
