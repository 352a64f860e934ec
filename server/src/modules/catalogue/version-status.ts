import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import { chunks, rowsPerInsert } from '../../db/batch.js';
import type { Database, NodeVersionStatus, NodeVersionsTable } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';
import { newId } from '../../lib/ids.js';
import { refreshLatestVersion } from './latest-version.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A version's status is never written alone: every change leaves a history row (who, from what,
 * to what, why; moderators read it and undo walks it back) and may move the pack's latest-version
 * pointer. These functions are the only writers of `node_version_status_history`, for
 * publishing, the pipeline, admins, publishers, the mirror and the demo catalogue alike. Call them inside the writer's
 * transaction (`catalogueWrite` records and announces the change).
 */

/**
 * Creates a version with its first history row (from nothing to its status), stamped with the
 * version's own `created_at`. `actorId` null: the system (a token publish, the mirror). It leaves
 * the latest-version pointer alone: a new Pending version cannot move it, and the mirror, which
 * creates Active versions by the hundred, refreshes it once per pack after writing them all.
 */
export async function createVersion(
  db: Db,
  values: Insertable<NodeVersionsTable>,
  actorId: string | null,
): Promise<Selectable<NodeVersionsTable>> {
  const row = await db.insertInto('node_versions').values(values).returningAll().executeTakeFirstOrThrow();
  await db
    .insertInto('node_version_status_history')
    .values({
      id: newId(),
      node_version_id: row.id,
      from_status: null,
      from_reason: null,
      to_status: row.status,
      to_reason: row.status_reason,
      actor_user_id: actorId,
      created_at: row.created_at,
    })
    .execute();
  return row;
}

/** A version created in a batch: its id, status and creation time name its first history row. */
export type NewVersionRow = Insertable<NodeVersionsTable> & {
  id: string;
  status: NodeVersionStatus;
  status_reason: string;
  created_at: string;
};

/**
 * `createVersion` for bulk writers: many versions and their first history rows in multi-row
 * statements. `historyIdOf` names each history row after its version (a writer whose ids follow
 * from a seed keeps them so); by default the ids are random.
 */
export async function createVersions(
  db: Db,
  rows: readonly NewVersionRow[],
  actorId: string | null,
  historyIdOf: (versionId: string) => string = () => newId(),
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  for (const slice of chunks(rows, rowsPerInsert(Object.keys(first).length))) {
    await db.insertInto('node_versions').values(slice).execute();
  }
  const history = rows.map((row) => ({
    id: historyIdOf(row.id),
    node_version_id: row.id,
    from_status: null,
    from_reason: null,
    to_status: row.status,
    to_reason: row.status_reason,
    actor_user_id: actorId,
    created_at: row.created_at,
  }));
  for (const slice of chunks(history, rowsPerInsert(8))) {
    await db.insertInto('node_version_status_history').values(slice).execute();
  }
}

/**
 * Moves a version to a status with its reason: the history row, the status with `extra` columns
 * and `updated_at`, then the pack's latest-version pointer. Returns the history row's id (an undo
 * names it). `actorId` null: the system (the pipeline, the mirror).
 */
export async function changeVersionStatus(
  db: Db,
  version: Selectable<NodeVersionsTable>,
  to: { status: NodeVersionStatus; reason: string },
  actorId: string | null,
  extra: Updateable<NodeVersionsTable> = {},
  now: string = nowIso(),
): Promise<string> {
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
  await refreshLatestVersion(db, version.node_id);
  return historyId;
}
