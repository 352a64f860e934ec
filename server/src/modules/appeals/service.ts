import type { Selectable, Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { AppealDecision, Database, NodeVersionStatus, NodeVersionsTable } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';
import type { MailLogger, MailMessage } from '../../engines/mail/mailer.js';
import { spendDaily } from '../../lib/daily-limit.js';
import { badRequest, conflict, notFound, tooManyRequests, withCode } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { adminAction } from '../audit/admin-action.js';
import { audit } from '../audit/writer.js';
import type { Viewer } from '../auth/viewer.js';
import { packNotFound } from '../catalogue/pack-guards.js';
import { findPackByAnyCase } from '../catalogue/pack-rows.js';
import { isHeldPending } from '../catalogue/withheld.js';
import { listAdminAddresses } from '../claim-requests/repository.js';
import { requirePublisherRead, requirePublisherWrite } from '../publishers/access.js';
import { findVersionOfPack } from '../publishing/repository.js';
import { adminReplyMail, decisionMail, publisherMessageMail } from './mails.js';
import {
  type AppealMessageRow,
  insertAppealMessage,
  listAppealMessages,
  publisherMemberAddresses,
  publisherMessageTimesSince,
} from './repository.js';

/** Longest message, in characters after trimming. */
export const MAX_APPEAL_MESSAGE = 4000;

/** Each publisher message mails every administrator, so one account may write this many a day. */
export const PUBLISHER_MESSAGES_PER_DAY = 20;

type VersionRow = Selectable<NodeVersionsTable>;

/** A thread as the API answers it. */
export interface AppealThreadJson {
  node_id: string;
  version: string;
  version_id: string;
  status: NodeVersionStatus;
  /** True while the version is held: both sides may still write. */
  open: boolean;
  messages: AppealMessageJson[];
}

export interface AppealMessageJson {
  id: string;
  kind: 'message' | 'decision';
  author: { role: 'publisher' | 'admin'; name: string; email: string | null };
  decision: AppealDecision;
  body: string;
  created_at: string;
}

/** Whether a version waits for an administrator: Flagged, or Pending after passing its checks. */
export function isHeld(version: { status: string; status_reason: string }): boolean {
  return version.status === 'NodeVersionStatusFlagged' || isHeldPending(version);
}

/** The trimmed message, or 400: empty, or longer than MAX_APPEAL_MESSAGE. */
function checkBody(body: string): string {
  const text = body.trim();
  if (text === '')
    throw withCode(badRequest('The message is empty', 'write what the reviewers should know'), 'appeal.empty');
  if (text.length > MAX_APPEAL_MESSAGE) {
    throw withCode(
      badRequest(`The message is longer than ${MAX_APPEAL_MESSAGE} characters`, `${text.length} characters`),
      'appeal.too_long',
      { max: MAX_APPEAL_MESSAGE },
    );
  }
  return text;
}

function requireOpen(version: VersionRow): void {
  if (!isHeld(version)) {
    throw withCode(
      conflict('This version is not held for review: its appeal is closed', `status: ${version.status}`),
      'appeal.closed',
      { status: version.status },
    );
  }
}

/** Admins read every author's address; a publisher reads the administrators' names only. */
function toJson(version: VersionRow, rows: AppealMessageRow[], forAdmin: boolean): AppealThreadJson {
  return {
    node_id: version.node_id,
    version: version.version,
    version_id: version.id,
    status: version.status,
    open: isHeld(version),
    messages: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      author: {
        role: r.author_role,
        name: r.author_name ?? '',
        email: forAdmin || r.author_role === 'publisher' ? (r.author_email ?? null) : null,
      },
      decision: r.decision,
      body: r.body,
      created_at: r.created_at,
    })),
  };
}

interface PublisherVersionParams {
  publisherId: string;
  nodeId: string;
  versionId: string;
}

/** The publisher's version: 404 for a pack or version that is not the publisher's. */
async function publisherVersion(ctx: AppContext, params: PublisherVersionParams) {
  const pack = await findPackByAnyCase(ctx.db, params.nodeId);
  if (!pack || pack.publisher_id !== params.publisherId) throw packNotFound();
  const version = await findVersionOfPack(ctx.db, pack.id, params.versionId);
  if (!version) throw notFound('Node version not found');
  return { pack, version };
}

/** `GET /publishers/{p}/nodes/{n}/versions/{v}/appeal`: for the publisher's members and admins. */
export async function publisherThread(
  ctx: AppContext,
  viewer: Viewer,
  params: PublisherVersionParams,
): Promise<AppealThreadJson> {
  await requirePublisherRead(ctx.db, viewer, params.publisherId, 'manage-packs');
  const { version } = await publisherVersion(ctx, params);
  return toJson(version, await listAppealMessages(ctx.db, version.id), viewer.isAdmin);
}

/**
 * `POST /publishers/{p}/nodes/{n}/versions/{v}/appeal`: a member writes to the reviewers while the
 * version is held. The message and its audit entry commit together; then every administrator is
 * mailed (a failed mail is logged, the message stands).
 */
export async function postPublisherMessage(
  ctx: AppContext,
  viewer: Viewer,
  params: PublisherVersionParams,
  body: string,
  log: MailLogger,
): Promise<AppealMessageJson> {
  await requirePublisherWrite(ctx.db, viewer, params.publisherId, 'manage-packs');
  const { pack, version } = await publisherVersion(ctx, params);
  const text = checkBody(body);
  requireOpen(version);
  await spendDailyMessage(ctx, viewer.id);
  const id = newId();
  await ctx.db.transaction().execute(async (trx) => {
    await insertAppealMessage(trx, {
      id,
      node_version_id: version.id,
      author_id: viewer.id,
      author_role: 'publisher',
      kind: 'message',
      body: text,
      created_at: nowIso(),
    });
    await audit(trx, {
      actor: viewer.id,
      action: 'node_version.appeal.message',
      targetType: 'node_version',
      targetId: version.id,
      before: null,
      after: { node_id: pack.id, version: version.version, message_id: id, body: text },
    });
  });
  const admins = await listAdminAddresses(ctx.db);
  await sendAll(
    ctx,
    admins.map((admin) =>
      publisherMessageMail({
        to: admin.email,
        nodeId: pack.id,
        nodeName: pack.name,
        version: version.version,
        author: viewer.email,
        body: text,
        webUrl: ctx.config.server.PUBLIC_WEB_URL,
      }),
    ),
    log,
  );
  return messageOf(ctx, version, id, false);
}

/** 429 once the account wrote PUBLISHER_MESSAGES_PER_DAY messages in the last 24 hours; the answer says when to retry. */
async function spendDailyMessage(ctx: AppContext, authorId: string): Promise<void> {
  await spendDaily(
    PUBLISHER_MESSAGES_PER_DAY,
    (since) => publisherMessageTimesSince(ctx.db, authorId, since),
    (wait) =>
      withCode(
        tooManyRequests(`You can write at most ${PUBLISHER_MESSAGES_PER_DAY} appeal messages a day`, wait),
        'appeal.message_limit',
        { limit: PUBLISHER_MESSAGES_PER_DAY },
      ),
  );
}

/** `GET /admin/nodes/{n}/versions/{v}/appeal`. */
export async function adminThread(ctx: AppContext, version: VersionRow): Promise<AppealThreadJson> {
  return toJson(version, await listAppealMessages(ctx.db, version.id), true);
}

/**
 * `POST /admin/nodes/{n}/versions/{v}/appeal`: an administrator answers while the version is
 * held, as one admin action (message and audit entry together); the publisher's members are mailed.
 */
export async function postAdminReply(
  ctx: AppContext,
  viewer: Viewer,
  version: VersionRow,
  body: string,
  log: MailLogger,
): Promise<AppealMessageJson> {
  const text = checkBody(body);
  requireOpen(version);
  const id = newId();
  await adminAction(ctx, viewer, async (trx) => {
    await insertAppealMessage(trx, {
      id,
      node_version_id: version.id,
      author_id: viewer.id,
      author_role: 'admin',
      kind: 'message',
      body: text,
      created_at: nowIso(),
    });
    return {
      result: undefined,
      audit: {
        // The decision itself is audited by the version update (`node_version.update`).
        action: 'node_version.appeal.reply',
        targetType: 'node_version',
        targetId: version.id,
        before: null,
        after: { node_id: version.node_id, version: version.version, message_id: id, body: text },
      },
    };
  });
  const pack = await findPackByAnyCase(ctx.db, version.node_id);
  if (pack) {
    const members = await publisherMemberAddresses(ctx.db, pack.publisher_id);
    const mail = { nodeId: pack.id, nodeName: pack.name, version: version.version, author: viewer.email, body: text };
    await sendAll(
      ctx,
      members.map((m) => adminReplyMail({ ...mail, to: m.email, webUrl: ctx.config.server.PUBLIC_WEB_URL })),
      log,
    );
  }
  return messageOf(ctx, version, id, true);
}

/** A decision written into a thread, to mail once its transaction has committed. */
export interface RecordedDecision {
  version: VersionRow;
  approved: boolean;
  reason: string;
}

/**
 * Called by the version update inside its transaction: when an administrator moves a held version
 * to Active (approve) or Banned (reject), the decision joins the version's thread with who made it.
 * Other status changes are not decisions on an appeal; they answer null.
 */
export async function recordDecision(
  trx: Transaction<Database>,
  before: VersionRow,
  to: NodeVersionStatus,
  reason: string,
  viewer: Viewer,
): Promise<RecordedDecision | null> {
  if (!isHeld(before)) return null;
  if (to !== 'NodeVersionStatusActive' && to !== 'NodeVersionStatusBanned') return null;
  const approved = to === 'NodeVersionStatusActive';
  await insertAppealMessage(trx, {
    id: newId(),
    node_version_id: before.id,
    author_id: viewer.id,
    author_role: 'admin',
    kind: 'decision',
    decision: approved ? 'approve' : 'reject',
    body: reason,
    created_at: nowIso(),
  });
  return { version: before, approved, reason };
}

/** Mails a recorded decision to the publisher's members. */
export async function mailDecision(ctx: AppContext, decision: RecordedDecision, log: MailLogger): Promise<void> {
  const pack = await findPackByAnyCase(ctx.db, decision.version.node_id);
  if (!pack) return;
  const members = await publisherMemberAddresses(ctx.db, pack.publisher_id);
  await sendAll(
    ctx,
    members.map((m) =>
      decisionMail({
        to: m.email,
        nodeId: pack.id,
        nodeName: pack.name,
        version: decision.version.version,
        author: '',
        body: decision.reason,
        approved: decision.approved,
        webUrl: ctx.config.server.PUBLIC_WEB_URL,
      }),
    ),
    log,
  );
}

/** Sends each message; a failure is logged and the rest still go. */
async function sendAll(ctx: AppContext, messages: MailMessage[], log: MailLogger): Promise<void> {
  for (const message of messages) {
    try {
      await ctx.mailer.send(message);
    } catch (error) {
      log.error({ err: error, to: message.to }, 'an appeal e-mail could not be sent');
    }
  }
}

async function messageOf(ctx: AppContext, version: VersionRow, id: string, forAdmin: boolean) {
  const thread = toJson(version, await listAppealMessages(ctx.db, version.id), forAdmin);
  const message = thread.messages.find((m) => m.id === id);
  if (!message) throw notFound('Message not found');
  return message;
}
