import type { Kysely, Selectable, Transaction } from 'kysely';
import type {
  ClaimProofReason,
  ClaimProofStatus,
  ClaimRequestStatus,
  ClaimRequestsTable,
  Database,
} from '../../db/schema.js';
import { nowIso } from '../../db/values.js';

type Db = Kysely<Database> | Transaction<Database>;

export type ClaimRequestRow = Selectable<ClaimRequestsTable>;

/** A request with the names the admin screen shows beside the ids. */
export interface ClaimRequestListRow extends ClaimRequestRow {
  node_name: string;
  node_repository: string;
  publisher_name: string;
  requester_email: string;
  requester_name: string;
}

export async function insertClaimRequest(
  db: Db,
  row: {
    id: string;
    node_id: string;
    publisher_id: string;
    requester_id: string;
    message: string;
    proof_token: string;
    proof_url: string;
  },
): Promise<void> {
  await db
    .insertInto('claim_requests')
    .values({ ...row, status: 'pending', created_at: nowIso() })
    .execute();
}

/** When (epoch ms) the requester's requests since `since` were made, oldest first. */
export async function requestTimesSince(db: Db, requesterId: string, since: string): Promise<number[]> {
  const rows = await db
    .selectFrom('claim_requests')
    .select('created_at')
    .where('requester_id', '=', requesterId)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'asc')
    .execute();
  return rows.map((r) => new Date(r.created_at).getTime());
}

/** The requester's open request for the pack, if any (one at a time). */
export function findOpenRequest(db: Db, nodeId: string, requesterId: string): Promise<ClaimRequestRow | undefined> {
  return db
    .selectFrom('claim_requests')
    .selectAll()
    .where('node_id', '=', nodeId)
    .where('requester_id', '=', requesterId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

export function findClaimRequest(db: Db, id: string): Promise<ClaimRequestRow | undefined> {
  return db.selectFrom('claim_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Requests in `status`, oldest first, with pack, publisher and requester names. */
export function listClaimRequests(
  db: Db,
  status: ClaimRequestStatus,
  page: { limit: number; offset: number },
): Promise<ClaimRequestListRow[]> {
  return db
    .selectFrom('claim_requests as r')
    .innerJoin('nodes as n', 'n.id', 'r.node_id')
    .innerJoin('publishers as p', 'p.id', 'r.publisher_id')
    .innerJoin('users as u', 'u.id', 'r.requester_id')
    .selectAll('r')
    .select([
      'n.name as node_name',
      'n.repository_url as node_repository',
      'p.name as publisher_name',
      'u.email as requester_email',
      'u.name as requester_name',
    ])
    .where('r.status', '=', status)
    .orderBy('r.created_at', 'asc')
    .orderBy('r.id', 'asc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countClaimRequests(db: Db, status: ClaimRequestStatus): Promise<number> {
  const row = await db
    .selectFrom('claim_requests')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Records the decision only while the request is still pending, so two admins deciding at once
 * cannot both succeed. False when someone else decided first.
 */
export async function decideClaimRequest(
  db: Db,
  id: string,
  decision: { status: 'approved' | 'denied'; decidedBy: string; note: string },
): Promise<boolean> {
  const result = await db
    .updateTable('claim_requests')
    .set({
      status: decision.status,
      decided_by: decision.decidedBy,
      decision_note: decision.note,
      decided_at: nowIso(),
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The requester's requests for one pack, newest first. */
export function listRequesterRequests(db: Db, nodeId: string, requesterId: string): Promise<ClaimRequestRow[]> {
  return db
    .selectFrom('claim_requests')
    .selectAll()
    .where('node_id', '=', nodeId)
    .where('requester_id', '=', requesterId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Stores the outcome of one reading of the proof file, while the request is still pending. */
export async function recordProofCheck(
  db: Db,
  id: string,
  check: { status: ClaimProofStatus; reason: ClaimProofReason; url: string; detail: string; at: string },
): Promise<void> {
  await db
    .updateTable('claim_requests')
    .set({
      proof_status: check.status,
      proof_reason: check.reason,
      proof_url: check.url,
      proof_detail: check.detail,
      proof_checked_at: check.at,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** Every active administrator's address, for the "new claim request" e-mail. */
export function listAdminAddresses(db: Db): Promise<{ email: string; name: string }[]> {
  return db
    .selectFrom('users')
    .select(['email', 'name'])
    .where('is_admin', '=', true)
    .where('status', '=', 'ACTIVE')
    .orderBy('email')
    .execute();
}

/** The requester's address and name, for the decision e-mail. */
export function findRequester(db: Db, userId: string): Promise<{ email: string; name: string } | undefined> {
  return db.selectFrom('users').select(['email', 'name']).where('id', '=', userId).executeTakeFirst();
}
