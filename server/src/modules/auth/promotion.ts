import type { AppContext } from '../../context.js';
import { normalizeEmail, parseEmailList } from './email.js';

/** The slice of better-auth's user store that promotion needs. */
export interface IdentityUserStore {
  findUserById(id: string): Promise<{ email: string; emailVerified: boolean; isAdmin?: unknown } | null>;
  updateUser(id: string, data: Record<string, unknown>): Promise<unknown>;
}

const lists = new WeakMap<AppContext, Set<string>>();

/** Whether an address is listed in ADMIN_EMAILS. */
export function isConfiguredAdmin(ctx: AppContext, email: string): boolean {
  let list = lists.get(ctx);
  if (!list) {
    list = parseEmailList(ctx.config.auth.ADMIN_EMAILS);
    lists.set(ctx, list);
  }
  const normalized = normalizeEmail(email);
  return normalized !== null && list.has(normalized);
}

/**
 * Makes an account admin when it signs in with an address listed in ADMIN_EMAILS, once that
 * address is verified (by the e-mail link or the provider); an unverified sign-up under an
 * admin's address gains nothing. Promotion only: removing an address never demotes.
 */
export async function promoteConfiguredAdmin(ctx: AppContext, userId: string, users: IdentityUserStore): Promise<void> {
  const user = await users.findUserById(userId);
  if (!user?.emailVerified || user.isAdmin === true || !isConfiguredAdmin(ctx, user.email)) return;
  await users.updateUser(userId, { isAdmin: true });
}
