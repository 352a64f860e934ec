import type { Kysely, Transaction } from 'kysely';
import type { Database, NodeVersionStatus } from '../../db/schema.js';
import { AWAITING_REVIEW_REASON } from '../catalogue/withheld.js';

type Db = Kysely<Database> | Transaction<Database>;

/** How far back the dashboard looks for decisions. */
export const DECISION_WINDOW_DAYS = 30;

const DAY_MS = 86_400_000;

const heldRow = (status: NodeVersionStatus | null, reason: string | null) =>
  status === 'NodeVersionStatusFlagged' || (status === 'NodeVersionStatusPending' && reason === AWAITING_REVIEW_REASON);

/** Versions waiting for an administrator now: Flagged, or Pending after passing their checks. */
export async function countHeldVersions(db: Db): Promise<number> {
  const row = await db
    .selectFrom('node_versions')
    .select((eb) => eb.fn.countAll().as('n'))
    .where((eb) =>
      eb.or([
        eb('status', '=', 'NodeVersionStatusFlagged'),
        eb.and([eb('status', '=', 'NodeVersionStatusPending'), eb('status_reason', '=', AWAITING_REVIEW_REASON)]),
      ]),
    )
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * How long each decision since `since` took, in milliseconds: from the moment the version was
 * held (the start of the unbroken held run its status history ends with) to the administrator's
 * approval (Active) or rejection (Banned). Read from the status history and measured here rather
 * than in SQL, so SQLite and PostgreSQL give the same figures.
 */
export async function decisionDurations(db: Db, since: string): Promise<number[]> {
  const decisions = await db
    .selectFrom('node_version_status_history')
    .select(['id', 'node_version_id'])
    .where('actor_user_id', 'is not', null)
    .where('to_status', 'in', ['NodeVersionStatusActive', 'NodeVersionStatusBanned'])
    .where('created_at', '>=', since)
    .where((eb) =>
      eb.or([
        eb('from_status', '=', 'NodeVersionStatusFlagged'),
        eb.and([eb('from_status', '=', 'NodeVersionStatusPending'), eb('from_reason', '=', AWAITING_REVIEW_REASON)]),
      ]),
    )
    .execute();
  if (decisions.length === 0) return [];
  const decisionIds = new Set(decisions.map((d) => d.id));
  const history = await db
    .selectFrom('node_version_status_history')
    .select(['id', 'node_version_id', 'to_status', 'to_reason', 'created_at'])
    .where('node_version_id', 'in', [...new Set(decisions.map((d) => d.node_version_id))])
    .orderBy('node_version_id')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const durations: number[] = [];
  let version = '';
  let heldSince: number | null = null;
  for (const row of history) {
    if (row.node_version_id !== version) {
      version = row.node_version_id;
      heldSince = null;
    }
    const at = new Date(row.created_at).getTime();
    if (decisionIds.has(row.id) && heldSince !== null) durations.push(at - heldSince);
    if (heldRow(row.to_status, row.to_reason)) heldSince ??= at;
    else heldSince = null;
  }
  return durations;
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? null) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The dashboard's review figures: held versions now, and decisions over the window. */
export async function reviewTimes(db: Db, now: number = Date.now()) {
  const since = new Date(now - DECISION_WINDOW_DAYS * DAY_MS).toISOString();
  const [held, durations] = await Promise.all([countHeldVersions(db), decisionDurations(db, since)]);
  const middle = median(durations);
  return {
    held_versions: held,
    decision_window_days: DECISION_WINDOW_DAYS,
    decisions_in_window: durations.length,
    median_decision_seconds: middle === null ? null : Math.round(middle / 1000),
  };
}
