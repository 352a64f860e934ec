import type { AppContext } from '../../context.js';
import type { MemberRole } from '../../db/schema.js';
import { nowIso, toBool } from '../../db/values.js';
import type { MailLogger } from '../../engines/mail/mailer.js';
import { spendDaily } from '../../lib/daily-limit.js';
import { conflict, gone, notFound, tooManyRequests, withCode } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { audit } from '../audit/writer.js';
import { findUserByEmail } from '../auth/users-repository.js';
import type { Viewer } from '../auth/viewer.js';
import { recordNewOwner } from '../catalogue/custody.js';
import type { PublisherJson } from '../catalogue/wire.js';
import { requirePublisherRead, requirePublisherWrite } from './access.js';
import { lockRow } from './db-guards.js';
import { invitationMail } from './invitation-mail.js';
import {
  answerInvitation,
  findInvitation,
  findOpenInvitation,
  type InvitationRow,
  insertInvitation,
  invitationTimesSince,
  listOpenInvitations,
  listReceivedInvitations,
  type ReceivedInvitationRow,
} from './invitations-repository.js';
import { findMember, insertMember } from './members-repository.js';
import { presentPublisher } from './present.js';
import { countMemberships, findPublisher } from './repository.js';
import { publisherLimitReached } from './service.js';

/** How long an invitation waits for its answer. */
export const INVITATION_TTL_MS = 7 * 86_400_000;

/** An invitation as the publisher's owners see it. */
export interface InvitationJson {
  id: string;
  email: string;
  role: MemberRole;
  createdAt: string;
  expiresAt: string;
}

/** An invitation as the invited account sees it. */
export interface ReceivedInvitationJson {
  id: string;
  publisher: { id: string; name: string };
  role: MemberRole;
  invitedBy: { name: string };
  createdAt: string;
  expiresAt: string;
}

const toJson = (row: InvitationRow): InvitationJson => ({
  id: row.id,
  email: row.email,
  role: row.role,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
});

const toReceivedJson = (row: ReceivedInvitationRow): ReceivedInvitationJson => ({
  id: row.id,
  publisher: { id: row.publisher_id, name: row.publisher_name },
  role: row.role,
  invitedBy: { name: row.inviter_name },
  createdAt: row.created_at,
  expiresAt: row.expires_at,
});

/**
 * `POST /publishers/{id}/invitations`: an owner invites an e-mail address. The answer is the same
 * whether or not an account uses the address (nobody can probe for accounts), and only that
 * account, when there is one and it confirmed the address, is told, by e-mail sent off the request's path. Nobody becomes a
 * member until they accept. Asking again for an address with an open invitation gives that one.
 */
export async function inviteMember(
  ctx: AppContext,
  viewer: Viewer,
  publisherId: string,
  input: { email: string; role: MemberRole },
  log: MailLogger,
): Promise<InvitationJson> {
  const { publisher } = await requirePublisherWrite(ctx.db, viewer, publisherId, 'manage-members');
  const email = input.email.trim().toLowerCase();
  const account = await findUserByEmail(ctx.db, email);
  // An address its account never confirmed does not say whose mailbox it is (anyone may sign up
  // with someone else's address): such an account is not invited, unless the operator lets
  // unconfirmed accounts in at all.
  const confirmed = account && (toBool(account.email_verified) || !ctx.config.auth.EMAIL_VERIFICATION_REQUIRED);
  const invitee = confirmed ? account : undefined;
  const { row, created } = await ctx.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'publishers', publisherId);
    const now = nowIso();
    const open = await findOpenInvitation(trx, publisherId, email, now);
    if (open) return { row: open, created: false };
    const limit = ctx.config.publishers.PUBLISHER_INVITATIONS_PER_DAY;
    await spendDailyInvitation(trx, { publisherId }, limit);
    await spendDailyInvitation(trx, { inviterId: viewer.id }, limit);
    const fresh: InvitationRow = {
      id: newId(),
      publisher_id: publisherId,
      email,
      invitee_user_id: invitee?.id ?? null,
      role: input.role,
      invited_by: viewer.id,
      status: 'pending',
      created_at: now,
      expires_at: new Date(Date.parse(now) + INVITATION_TTL_MS).toISOString(),
      answered_at: null,
    };
    await insertInvitation(trx, fresh);
    await audit(trx, {
      actor: viewer.id,
      action: 'publisher.invite',
      targetType: 'publisher',
      targetId: publisherId,
      before: null,
      after: { invitation: fresh.id, email, role: fresh.role },
    });
    return { row: fresh, created: true };
  });
  if (created && invitee) {
    const message = invitationMail({
      to: invitee.email,
      name: invitee.name,
      inviter: viewer.name || viewer.email,
      publisherId,
      publisherName: publisher.name,
      role: row.role,
      expiresAt: row.expires_at,
      webUrl: ctx.config.server.PUBLIC_WEB_URL,
    });
    // Off the request's path: a slower answer for addresses with an account would tell them apart.
    void ctx.mailer.send(message).catch((error: unknown) => {
      log.error({ err: error, invitation: row.id }, 'the invitation e-mail could not be sent');
    });
  }
  return toJson(row);
}

/** 429 once a publisher, or an inviting account, sent `limit` invitations in the last 24 hours. */
async function spendDailyInvitation(
  trx: Parameters<typeof invitationTimesSince>[0],
  by: { publisherId: string } | { inviterId: string },
  limit: number,
): Promise<void> {
  await spendDaily(
    limit,
    (since) => invitationTimesSince(trx, by, since),
    (wait) =>
      withCode(
        tooManyRequests(
          'publisherId' in by
            ? `A publisher can send at most ${limit} invitations a day`
            : `You can send at most ${limit} invitations a day`,
          wait,
        ),
        'invitation.limit',
        { limit },
      ),
  );
}

/** `GET /publishers/{id}/invitations`: the invitations still waiting for an answer (owners, admins). */
export async function listPublisherInvitations(
  ctx: AppContext,
  viewer: Viewer,
  publisherId: string,
): Promise<InvitationJson[]> {
  await requirePublisherRead(ctx.db, viewer, publisherId, 'manage-members');
  return (await listOpenInvitations(ctx.db, publisherId, nowIso())).map(toJson);
}

/** `DELETE /publishers/{id}/invitations/{invitationId}`: an owner withdraws an unanswered invitation. */
export async function revokeInvitation(
  ctx: AppContext,
  viewer: Viewer,
  publisherId: string,
  invitationId: string,
): Promise<void> {
  await requirePublisherWrite(ctx.db, viewer, publisherId, 'manage-members');
  await ctx.db.transaction().execute(async (trx) => {
    const found = await findInvitation(trx, invitationId);
    const invitation = requireOpen(found?.publisher_id === publisherId ? found : undefined);
    await answerInvitation(trx, invitation.id, 'revoked', nowIso());
    await audit(trx, {
      actor: viewer.id,
      action: 'publisher.invitation_revoke',
      targetType: 'publisher',
      targetId: publisherId,
      before: { invitation: invitation.id, email: invitation.email, role: invitation.role },
      after: null,
    });
  });
}

/** `GET /users/invitations`: the invitations waiting for the caller's answer. */
export async function listMyInvitations(ctx: AppContext, viewer: Viewer): Promise<ReceivedInvitationJson[]> {
  return (await listReceivedInvitations(ctx.db, viewer.id, nowIso())).map(toReceivedJson);
}

/**
 * `POST /users/invitations/{id}/accept`: the caller joins the publisher in the invited role. An
 * accepted membership counts against MAX_PUBLISHERS_PER_USER, so accepting is refused at the cap.
 */
export async function acceptInvitation(ctx: AppContext, viewer: Viewer, invitationId: string): Promise<PublisherJson> {
  const max = ctx.config.publishers.MAX_PUBLISHERS_PER_USER;
  const publisherId = await ctx.db.transaction().execute(async (trx) => {
    // Serialises this account's joins and creations so the cap cannot be raced past.
    await lockRow(trx, 'users', viewer.id);
    const invitation = requireOpen(ownInvitation(await findInvitation(trx, invitationId), viewer));
    await lockRow(trx, 'publishers', invitation.publisher_id);
    const now = nowIso();
    if (!(await findMember(trx, invitation.publisher_id, viewer.id))) {
      if ((await countMemberships(trx, viewer.id)) >= max) throw publisherLimitReached(max);
      await insertMember(trx, invitation.publisher_id, viewer.id, invitation.role);
      if (invitation.role === 'owner') {
        // The inviter granted the ownership; the history names them as who did it.
        const owner = viewer.name || viewer.id;
        const actorUserId = invitation.invited_by;
        await recordNewOwner(trx, { publisherId: invitation.publisher_id, owner, actorUserId, now });
      }
    }
    await answerInvitation(trx, invitation.id, 'accepted', now);
    await audit(trx, answerEntry(viewer, invitation, 'publisher.invitation_accept'));
    return invitation.publisher_id;
  });
  const publisher = await findPublisher(ctx.db, publisherId);
  if (!publisher) throw notFound('Publisher not found');
  return presentPublisher(ctx.db, publisher, true);
}

/** `POST /users/invitations/{id}/decline`: the caller says no; nothing else changes. */
export async function declineInvitation(ctx: AppContext, viewer: Viewer, invitationId: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const invitation = requireOpen(ownInvitation(await findInvitation(trx, invitationId), viewer));
    await answerInvitation(trx, invitation.id, 'declined', nowIso());
    await audit(trx, answerEntry(viewer, invitation, 'publisher.invitation_decline'));
  });
}

/** The invitation when it was made for the caller's account; anyone else's looks absent. */
function ownInvitation(row: InvitationRow | undefined, viewer: Viewer): InvitationRow | undefined {
  return row && row.invitee_user_id === viewer.id ? row : undefined;
}

/** 404 when absent, 409 once answered or withdrawn, 410 once expired. */
function requireOpen(row: InvitationRow | undefined): InvitationRow {
  if (!row) throw withCode(notFound('Invitation not found'), 'invitation.not_found');
  if (row.status !== 'pending') {
    throw withCode(conflict('Invitation already answered', `it was ${row.status}`), 'invitation.answered', {
      status: row.status,
    });
  }
  if (Date.parse(row.expires_at) <= Date.now()) {
    throw withCode(gone('Invitation expired', `it expired at ${row.expires_at}`), 'invitation.expired');
  }
  return row;
}

function answerEntry(viewer: Viewer, invitation: InvitationRow, action: string) {
  return {
    actor: viewer.id,
    action,
    targetType: 'publisher' as const,
    targetId: invitation.publisher_id,
    before: { invitation: invitation.id, role: invitation.role },
    after: { invitation: invitation.id, role: invitation.role },
  };
}
