import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database, NodeVersionStatus, NodeVersionStatusHistoryTable, NodeVersionsTable } from '../../db/schema.js';
import { nowIso, parseJsonObject } from '../../db/values.js';
import { newId } from '../../lib/ids.js';

type Db = Kysely<Database> | Transaction<Database>;
export type HistoryRow = Selectable<NodeVersionStatusHistoryTable>;

/** The action name of an undo in the audit log; its `after` links the history rows involved. */
export const UNDO_ACTION = 'node_version.undo';

/** Every status change of a version with the acting account's e-mail, oldest first. */
export function historyWithActors(db: Db, versionId: string) {
  return db
    .selectFrom('node_version_status_history as h')
    .leftJoin('users as u', 'u.id', 'h.actor_user_id')
    .selectAll('h')
    .select('u.email as actor_email')
    .where('h.node_version_id', '=', versionId)
    .orderBy('h.created_at', 'asc')
    .orderBy('h.id', 'asc')
    .execute();
}

/** Writes a version's new status with its history row (`actorId` null: the system, e.g. the mirror). */
export async function changeVersionStatus(
  db: Db,
  version: Selectable<NodeVersionsTable>,
  to: { status: NodeVersionStatus; reason: string },
  actorId: string | null,
  extra: Updateable<NodeVersionsTable> = {},
): Promise<string> {
  const now = nowIso();
  const historyId = newId();
  await db
    .insertInto('node_version_status_history')
    .values({
      id: historyId,
      node_version_id: version.id,
      from_status: version.status,
      from_reason: version.status_reason,
      to_status: to.status,
      to_reason: to.reason,
      actor_user_id: actorId,
      created_at: now,
    })
    .execute();
  await db
    .updateTable('node_versions')
    .set({ ...extra, status: to.status, status_reason: to.reason, updated_at: now })
    .where('id', '=', version.id)
    .execute();
  return historyId;
}

/**
 * The history row an undo should revert: the newest change that is neither an undo itself nor
 * already undone (undo audit entries say which rows those are), so repeated undos walk back one
 * change at a time. Undefined when only the creation row (or nothing) is left.
 */
export async function findUndoTarget(db: Db, versionId: string): Promise<HistoryRow | undefined> {
  const rows = await db
    .selectFrom('node_version_status_history')
    .selectAll()
    .where('node_version_id', '=', versionId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const undos = await db
    .selectFrom('audit_log')
    .select('after')
    .where('action', '=', UNDO_ACTION)
    .where('target_type', '=', 'node_version')
    .where('target_id', '=', versionId)
    .execute();
  const skip = new Set<string>();
  for (const u of undos) {
    const after = parseJsonObject(u.after);
    if (typeof after.history_id === 'string') skip.add(after.history_id);
    if (typeof after.undone_history_id === 'string') skip.add(after.undone_history_id);
  }
  const target = rows.find((r) => !skip.has(r.id));
  return target && target.from_status !== null ? target : undefined;
}
