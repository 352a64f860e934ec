import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, NodeVersionStatusHistoryTable } from '../../db/schema.js';
import { parseJsonObject } from '../../db/values.js';

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
