import type { AppContext } from '../../context.js';
import type { ClaimProofReason, ClaimProofStatus, ClaimRequestStatus } from '../../db/schema.js';
import type { MailLogger } from '../../engines/mail/mailer.js';
import { spendDaily } from '../../lib/daily-limit.js';
import { badRequest, conflict, forbidden, notFound, tooManyRequests, withCode } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { pageOffset } from '../../lib/paging.js';
import { adminAction } from '../audit/admin-action.js';
import { enabledProviders } from '../auth/providers.js';
import type { Viewer } from '../auth/viewer.js';
import { recordChangeOfHands } from '../catalogue/custody.js';
import { requireVisiblePack } from '../catalogue/pack-guards.js';
import { findPackByAnyCase, movePack } from '../catalogue/pack-rows.js';
import { UNCLAIMED_PUBLISHER_ID } from '../catalogue/wire.js';
import { alreadyClaimed } from '../claims/codes.js';
import { requirePublisherWrite } from '../publishers/access.js';
import { claimDecisionMail, newClaimRequestMail } from './mails.js';
import { checkProofFile, newProofToken, PROOF_FILE, proofFileUrl } from './proof.js';
import {
  type ClaimRequestListRow,
  type ClaimRequestRow,
  countClaimRequests,
  decideClaimRequest,
  findClaimRequest,
  findOpenRequest,
  findRequester,
  insertClaimRequest,
  listAdminAddresses,
  listClaimRequests,
  listRequesterRequests,
  recordProofCheck,
  requestTimesSince,
} from './repository.js';

const ALREADY_CLAIMED = 'This node is already claimed by a publisher';

/** A request as the API answers it. */
export interface ClaimRequestJson {
  id: string;
  node_id: string;
  publisher_id: string;
  message: string;
  status: ClaimRequestStatus;
  decision_note: string;
  created_at: string;
  decided_at: string | null;
  /** What proves the claim: the file to commit, the token it must hold, the latest check. */
  proof: ClaimProofJson;
}

export interface ClaimProofJson {
  file: string;
  token: string;
  url: string;
  status: ClaimProofStatus;
  reason: ClaimProofReason;
  detail: string;
  checked_at: string | null;
}

/** A request in the admins' list, with the names they decide by. */
export interface AdminClaimRequestJson extends ClaimRequestJson {
  node_name: string;
  node_repository: string;
  publisher_name: string;
  requester: { email: string; name: string };
}

const toJson = (row: ClaimRequestRow): ClaimRequestJson => ({
  id: row.id,
  node_id: row.node_id,
  publisher_id: row.publisher_id,
  message: row.message,
  status: row.status,
  decision_note: row.decision_note,
  created_at: row.created_at,
  decided_at: row.decided_at,
  proof: {
    file: PROOF_FILE,
    token: row.proof_token,
    url: row.proof_url,
    status: row.proof_status,
    reason: row.proof_reason,
    detail: row.proof_detail,
    checked_at: row.proof_checked_at,
  },
});

const toAdminJson = (row: ClaimRequestListRow): AdminClaimRequestJson => ({
  ...toJson(row),
  node_name: row.node_name,
  node_repository: row.node_repository,
  publisher_name: row.publisher_name,
  requester: { email: row.requester_email, name: row.requester_name },
});

/** True when claims are proven through GitHub here (GitHub sign-in is configured). */
export const githubClaimsEnabled = (ctx: AppContext): boolean =>
  enabledProviders(ctx.config.auth).some((provider) => provider.id === 'github');

/**
 * `POST /nodes/{n}/claim-requests`: asks the administrators to move an unclaimed pack into one
 * of the viewer's publishers. Only where GitHub sign-in is not configured: otherwise the claim is
 * proven through GitHub at once (claims/service.ts).
 */
export async function requestClaim(
  ctx: AppContext,
  viewer: Viewer,
  input: { nodeId: string; publisherId: string; message: string },
  log: MailLogger,
): Promise<ClaimRequestJson> {
  if (githubClaimsEnabled(ctx)) {
    throw withCode(
      conflict(
        'Claims on this registry are proven through GitHub',
        'use POST /publishers/{publisherId}/nodes/{nodeId}/claim-my-node',
      ),
      'claim.use_github',
    );
  }
  await requirePublisherWrite(ctx.db, viewer, input.publisherId, 'manage-packs');
  const node = requireVisiblePack(await findPackByAnyCase(ctx.db, input.nodeId));
  if (node.publisher_id !== UNCLAIMED_PUBLISHER_ID) throw alreadyClaimed(forbidden(ALREADY_CLAIMED), node.id);
  if (await findOpenRequest(ctx.db, node.id, viewer.id)) {
    throw withCode(
      conflict(
        'You already asked to claim this pack; the administrators have not decided yet',
        'one open request per pack and requester',
      ),
      'claim.request_pending',
      { nodeId: node.id },
    );
  }
  await spendDailyRequest(ctx, viewer.id);
  const url = proofFileUrl(node.repository_url, ctx.config.claims.CLAIM_RAW_FILE_URLS);
  if (!url) {
    throw withCode(
      badRequest(
        "This registry cannot read files from this pack's repository, so the claim cannot be proven; ask a registry admin to transfer it",
        `repository: "${node.repository_url}"`,
      ),
      'claim.repository_unreadable',
      { repository: node.repository_url },
    );
  }
  const id = newId();
  await insertClaimRequest(ctx.db, {
    id,
    node_id: node.id,
    publisher_id: input.publisherId,
    requester_id: viewer.id,
    message: input.message.trim(),
    proof_token: newProofToken(input.publisherId),
    proof_url: url,
  });
  const row = await findClaimRequest(ctx.db, id);
  if (!row) throw notFound('Claim request not found');
  await notifyAdmins(ctx, row, node.name, viewer, log);
  return toJson(row);
}

/**
 * Each request mails every administrator, so one account may send only CLAIM_REQUESTS_PER_DAY
 * in any 24 hours; the answer says when the next one is possible.
 */
async function spendDailyRequest(ctx: AppContext, requesterId: string): Promise<void> {
  const limit = ctx.config.claims.CLAIM_REQUESTS_PER_DAY;
  await spendDaily(
    limit,
    (since) => requestTimesSince(ctx.db, requesterId, since),
    (wait) =>
      withCode(tooManyRequests(`You can send at most ${limit} claim requests a day`, wait), 'claim.request_limit', {
        limit,
      }),
  );
}

/** `GET /nodes/{n}/claim-requests`: the viewer's own requests for the pack, newest first. */
export async function listOwnRequests(ctx: AppContext, viewer: Viewer, nodeId: string): Promise<ClaimRequestJson[]> {
  const node = requireVisiblePack(await findPackByAnyCase(ctx.db, nodeId));
  return (await listRequesterRequests(ctx.db, node.id, viewer.id)).map(toJson);
}

/**
 * `POST /claim-requests/{id}/check`: reads the proof file now and keeps what it found. Only the
 * requester or an administrator may ask; a decided request is not checked again.
 */
export async function checkRequest(ctx: AppContext, viewer: Viewer, id: string): Promise<ClaimRequestJson> {
  const found = await findClaimRequest(ctx.db, id);
  const request = requirePending(found, found?.requester_id === viewer.id || viewer.isAdmin);
  const node = await findPackByAnyCase(ctx.db, request.node_id);
  // The repository may have changed since the request: read the file where the pack points now.
  const url = node ? proofFileUrl(node.repository_url, ctx.config.claims.CLAIM_RAW_FILE_URLS) : null;
  const check = url
    ? await checkProofFile(url, request.proof_token, ctx.config.claims.CLAIM_PROOF_TIMEOUT_MS)
    : {
        status: 'failed' as const,
        reason: 'unsupported' as const,
        detail: "This registry cannot read files from the pack's repository.",
      };
  await recordProofCheck(ctx.db, id, { ...check, url: url ?? '', at: new Date().toISOString() });
  const checked = await findClaimRequest(ctx.db, id);
  if (!checked) throw requestNotFound();
  return toJson(checked);
}

const requestNotFound = () => withCode(notFound('Claim request not found'), 'claim.request_not_found');

/** The request while it is pending: 404 when it is missing or not `visible` to the caller, 409 once decided. */
function requirePending(request: ClaimRequestRow | undefined, visible = true): ClaimRequestRow {
  if (!request || !visible) throw requestNotFound();
  if (request.status !== 'pending') {
    throw withCode(conflict('This claim request was already decided', `status: ${request.status}`), 'claim.decided', {
      status: request.status,
    });
  }
  return request;
}

/** `GET /admin/claim-requests`: one page of requests in a status, oldest first. */
export async function listRequests(
  ctx: AppContext,
  query: { status: ClaimRequestStatus; page: number; limit: number },
): Promise<{ requests: AdminClaimRequestJson[]; total: number; page: number; limit: number }> {
  const [rows, total] = await Promise.all([
    listClaimRequests(ctx.db, query.status, { limit: query.limit, offset: pageOffset(query) }),
    countClaimRequests(ctx.db, query.status),
  ]);
  return { requests: rows.map(toAdminJson), total, page: query.page, limit: query.limit };
}

/**
 * Approves (the pack moves to the requested publisher, as a proven claim would move it) or
 * denies a pending request, with one audit entry, then e-mails the requester the decision.
 */
export async function decideRequest(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  decision: { approve: boolean; note: string },
  log: MailLogger,
): Promise<ClaimRequestJson> {
  const request = requirePending(await findClaimRequest(ctx.db, id));
  if (decision.approve && request.proof_status !== 'verified') {
    throw withCode(
      conflict(
        'This claim is not proven: the registry has not found the proof file in the repository',
        'check the proof file first; deny the request if it never appears',
      ),
      'claim.unproven',
    );
  }
  const note = decision.note.trim();
  const status: ClaimRequestStatus = decision.approve ? 'approved' : 'denied';
  await adminAction(ctx, viewer, async (trx) => {
    if (!(await decideClaimRequest(trx, id, { status, decidedBy: viewer.id, note }))) {
      throw withCode(conflict('This claim request was already decided'), 'claim.decided', { status: '' });
    }
    if (decision.approve && !(await movePack(trx, request.node_id, UNCLAIMED_PUBLISHER_ID, request.publisher_id))) {
      // Rolls the decision back with the transaction: the pack is no longer unclaimed.
      throw alreadyClaimed(conflict(ALREADY_CLAIMED, 'deny the request instead'), request.node_id);
    }
    if (decision.approve) {
      await recordChangeOfHands(trx, {
        nodeId: request.node_id,
        kind: 'claim',
        from: UNCLAIMED_PUBLISHER_ID,
        to: request.publisher_id,
        actorUserId: viewer.id,
        detail: `Claim request approved by an administrator after ${PROOF_FILE} was found at ${request.proof_url}${note ? `: ${note}` : ''}`,
        now: new Date().toISOString(),
      });
    }
    return {
      result: undefined,
      audit: {
        action: decision.approve ? 'node.claim_request.approve' : 'node.claim_request.deny',
        targetType: 'node',
        targetId: request.node_id,
        reason: note,
        before: { claim_request: id, status: 'pending', publisher_id: UNCLAIMED_PUBLISHER_ID },
        after: {
          claim_request: id,
          status,
          publisher_id: decision.approve ? request.publisher_id : UNCLAIMED_PUBLISHER_ID,
          proof: { status: request.proof_status, url: request.proof_url, checked_at: request.proof_checked_at },
        },
      },
      nodeIds: decision.approve ? [request.node_id] : [],
    };
  });
  await notifyRequester(ctx, request, decision.approve, note, log);
  const decided = await findClaimRequest(ctx.db, id);
  if (!decided) throw notFound('Claim request not found');
  return toJson(decided);
}

/** One e-mail per active administrator; a mail failure is logged, the request stands. */
async function notifyAdmins(
  ctx: AppContext,
  request: ClaimRequestRow,
  nodeName: string,
  viewer: Viewer,
  log: MailLogger,
): Promise<void> {
  const admins = await listAdminAddresses(ctx.db);
  for (const admin of admins) {
    const message = newClaimRequestMail({
      to: admin.email,
      nodeId: request.node_id,
      nodeName,
      publisherId: request.publisher_id,
      requester: viewer.email,
      message: request.message,
      webUrl: ctx.config.server.PUBLIC_WEB_URL,
    });
    try {
      await ctx.mailer.send(message);
    } catch (error) {
      log.error({ err: error, claimRequest: request.id }, 'the new claim request e-mail could not be sent');
    }
  }
}

/** The decision e-mail; a mail failure is logged, the decision stands. */
async function notifyRequester(
  ctx: AppContext,
  request: ClaimRequestRow,
  approved: boolean,
  note: string,
  log: MailLogger,
) {
  const [requester, node] = await Promise.all([
    findRequester(ctx.db, request.requester_id),
    findPackByAnyCase(ctx.db, request.node_id),
  ]);
  if (!requester) return;
  const message = claimDecisionMail({
    to: requester.email,
    name: requester.name,
    nodeId: request.node_id,
    nodeName: node?.name ?? '',
    publisherId: request.publisher_id,
    approved,
    note,
    webUrl: ctx.config.server.PUBLIC_WEB_URL,
  });
  try {
    await ctx.mailer.send(message);
  } catch (error) {
    log.error({ err: error, claimRequest: request.id }, 'the claim decision e-mail could not be sent');
  }
}
