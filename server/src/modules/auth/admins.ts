import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import type { Kysely } from 'kysely';
import type { AuthConfig } from '../../config/auth.js';
import type { Database } from '../../db/schema.js';
import { normalizeEmail } from './email.js';
import { weakPassword } from './errors.js';
import { brokenPasswordRule, normalizePassword, passwordPolicy } from './password-policy.js';
import { insertPasswordAccount, insertVerifiedUser, setAdmin } from './repository.js';
import { findUserByEmail } from './users-repository.js';

/** Why an admin could not be created; the message is shown to the operator. */
export class AdminInputError extends Error {}

/** What `createOrPromoteAdmin` did. */
export interface AdminResult {
  userId: string;
  email: string;
  created: boolean;
  /** Whether the account now has the given password (only for new accounts). */
  passwordSet: boolean;
}

/**
 * Creates an admin account with a confirmed address (and the password, if given, checked
 * against the policy), or promotes the existing account of that address. An existing
 * account's password is never changed here: its owner uses the reset flow.
 */
export async function createOrPromoteAdmin(
  db: Kysely<Database>,
  auth: AuthConfig,
  input: { email: string; password?: string | undefined },
): Promise<AdminResult> {
  const email = normalizeEmail(input.email);
  if (!email) throw new AdminInputError(`"${input.email}" is not a valid e-mail address.`);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await setAdmin(db, existing.id);
    return { userId: existing.id, email, created: false, passwordSet: false };
  }
  let hash: string | null = null;
  if (input.password !== undefined) {
    const password = normalizePassword(input.password);
    const rule = brokenPasswordRule(passwordPolicy(auth), password);
    if (rule) throw new AdminInputError(`The password is refused: ${weakPassword(rule).message}`);
    hash = await hashPassword(password);
  }
  const userId = randomUUID();
  await db.transaction().execute(async (trx) => {
    await insertVerifiedUser(trx, { id: userId, email, name: email.split('@')[0] ?? '', isAdmin: true });
    if (hash) await insertPasswordAccount(trx, { id: randomUUID(), userId, hash });
  });
  return { userId, email, created: true, passwordSet: hash !== null };
}
