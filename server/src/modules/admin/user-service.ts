import type { AppContext } from '../../context.js';
import { toBool } from '../../db/values.js';
import { badRequest, conflict, notFound, withCode } from '../../lib/errors.js';
import { pageEnvelope } from '../../lib/paging.js';
import { adminAction } from '../audit/admin-action.js';
import { revokeUserSessions } from '../auth/repository.js';
import type { UserRow } from '../auth/users-repository.js';
import type { Viewer } from '../auth/viewer.js';
import { countActiveAdmins, findUser, findUserIdByEmail, pageOfUsers, updateUserRow } from './repository.js';

/** An account as the admin screen lists it. */
export function presentUser(row: UserRow) {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    isAdmin: toBool(row.is_admin),
    isApproved: toBool(row.is_approved),
    status: row.status,
    status_reason: row.status_reason,
    createdAt: row.created_at,
  };
}

/** Accounts whose e-mail or name contains `q`, newest first. */
export async function listUsers(ctx: AppContext, query: { q?: string | undefined; page: number; limit: number }) {
  const { total, rows } = await pageOfUsers(ctx.db, { text: query.q?.trim().toLowerCase() }, query);
  return pageEnvelope('users', rows.map(presentUser), total, query);
}

/** The id of the account with this e-mail (any case); an id no entry has when there is none. */
export async function userIdByEmail(ctx: AppContext, email: string): Promise<string> {
  return (await findUserIdByEmail(ctx.db, email)) ?? '';
}

export interface UserUpdateInput {
  isAdmin?: boolean | undefined;
  banned?: boolean | undefined;
  reason?: string | undefined;
}

/**
 * Grants or revokes the admin role and bans or unbans an account. A ban signs the account out
 * everywhere (its sessions are deleted) and every write checks the ban, so tokens already issued
 * can read but not change anything. The registry never loses its last active admin.
 */
export async function updateUser(ctx: AppContext, viewer: Viewer, userId: string, input: UserUpdateInput) {
  if (input.isAdmin === undefined && input.banned === undefined) {
    throw badRequest('Nothing to change', 'send isAdmin and/or banned');
  }
  // An admin who bans or demotes themselves locks themselves out; another admin must do it.
  if (userId === viewer.id && (input.banned === true || input.isAdmin === false)) {
    throw withCode(conflict('You cannot ban or demote yourself', 'ask another admin'), 'user.self_change');
  }
  return adminAction(ctx, viewer, async (trx) => {
    const user = await findUser(trx, userId);
    if (!user) throw notFound('User not found');
    const wasAdmin = toBool(user.is_admin) && user.status !== 'BANNED';
    const staysAdmin = (input.isAdmin ?? toBool(user.is_admin)) && !(input.banned ?? user.status === 'BANNED');
    if (wasAdmin && !staysAdmin) {
      if ((await countActiveAdmins(trx)) <= 1) {
        throw conflict('Cannot remove the last admin', 'make another account admin first');
      }
    }
    const patch: { is_admin?: boolean; status?: 'ACTIVE' | 'BANNED'; status_reason?: string } = {};
    if (input.isAdmin !== undefined) patch.is_admin = input.isAdmin;
    if (input.banned !== undefined) {
      patch.status = input.banned ? 'BANNED' : 'ACTIVE';
      patch.status_reason = input.banned ? (input.reason ?? '') : '';
    }
    const updated = await updateUserRow(trx, userId, patch);
    if (input.banned === true) await revokeUserSessions(trx, userId);
    const state = (u: UserRow) => ({ isAdmin: toBool(u.is_admin), status: u.status, status_reason: u.status_reason });
    const action = input.banned === undefined ? 'user.update' : input.banned ? 'user.ban' : 'user.unban';
    return {
      result: presentUser(updated),
      audit: {
        action,
        targetType: 'user',
        targetId: userId,
        reason: input.reason ?? '',
        before: state(user),
        after: state(updated),
      },
    };
  });
}
