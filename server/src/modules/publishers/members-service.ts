import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database, MemberRole } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';
import { conflict, notFound } from '../../lib/errors.js';
import { findUserById } from '../auth/users-repository.js';
import type { Viewer } from '../auth/viewer.js';
import { recordNewOwner } from '../catalogue/custody.js';
import type { PublisherJson } from '../catalogue/wire.js';
import { loadPublisherAccess, requirePublisherRead, requirePublisherWrite } from './access.js';
import { lockRow } from './db-guards.js';
import { countOwners, deleteMember, findMember, setMemberRole } from './members-repository.js';
import { presentMembers } from './present.js';
import { membersOf, type PublisherRow } from './repository.js';

type MemberJson = PublisherJson['members'][number];

const LAST_OWNER = 'A publisher must keep at least one owner.';

/** `GET /publishers/{id}/members`: owners, members and admins see the list with e-mails. */
export async function listMembers(ctx: AppContext, viewer: Viewer, publisherId: string): Promise<MemberJson[]> {
  const { publisher } = await requirePublisherRead(ctx.db, viewer, publisherId, 'see-members');
  return presentMembers(publisher, await membersOf(ctx.db, [publisherId]), true);
}

/** `PUT /publishers/{id}/members/{userId}`: an owner changes a role; the last owner stays an owner. */
export async function changeMemberRole(
  ctx: AppContext,
  viewer: Viewer,
  publisherId: string,
  userId: string,
  role: MemberRole,
): Promise<MemberJson> {
  const { publisher } = await requirePublisherWrite(ctx.db, viewer, publisherId, 'manage-members');
  return ctx.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'publishers', publisherId);
    const member = await findMember(trx, publisherId, userId);
    if (!member) throw notFound('Member not found');
    if (member.role === 'owner' && role !== 'owner' && (await countOwners(trx, publisherId)) <= 1) {
      throw conflict(LAST_OWNER, 'make another member an owner first');
    }
    await setMemberRole(trx, publisherId, userId, role);
    if (role === 'owner' && member.role !== 'owner') {
      const owner = (await findUserById(trx, userId))?.name || userId;
      await recordNewOwner(trx, { publisherId, owner, actorUserId: viewer.id, now: nowIso() });
    }
    return memberJson(trx, publisher, userId);
  });
}

/**
 * `DELETE /publishers/{id}/members/{userId}`: an owner removes anyone, and any member may remove
 * themselves (leave); the last owner can do neither.
 */
export async function removeMember(
  ctx: AppContext,
  viewer: Viewer,
  publisherId: string,
  userId: string,
): Promise<void> {
  if (userId === viewer.id) {
    const access = await loadPublisherAccess(ctx.db, viewer, publisherId);
    if (!access.role) throw notFound('Member not found');
  } else {
    await requirePublisherWrite(ctx.db, viewer, publisherId, 'manage-members');
  }
  await ctx.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'publishers', publisherId);
    const member = await findMember(trx, publisherId, userId);
    if (!member) throw notFound('Member not found');
    if (member.role === 'owner' && (await countOwners(trx, publisherId)) <= 1) {
      throw conflict(LAST_OWNER, 'make another member an owner first, or delete the publisher');
    }
    await deleteMember(trx, publisherId, userId);
  });
}

async function memberJson(trx: Transaction<Database>, publisher: PublisherRow, userId: string): Promise<MemberJson> {
  const member = await findMember(trx, publisher.id, userId);
  const [json] = presentMembers(publisher, member ? [member] : [], true);
  if (!json) throw new Error(`member ${userId} of ${publisher.id} vanished`);
  return json;
}
