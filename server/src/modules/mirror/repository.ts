import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type {
  ComfyNodesTable,
  Database,
  NodesTable,
  NodeVersionsTable,
  PublishersTable,
  UpstreamSyncTable,
} from '../../db/schema.js';
import { chunks, IDS_PER_QUERY, rowsPerInsert } from '../catalogue-import/batch.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The one row that holds the sync's progress. */
export const SYNC_ROW_ID = 'upstream';

export type SyncStateRow = Selectable<UpstreamSyncTable>;

/** The sync's progress row, or undefined before the first sync was asked for. */
export function readSyncState(db: Db): Promise<SyncStateRow | undefined> {
  return db.selectFrom('upstream_sync').selectAll().where('id', '=', SYNC_ROW_ID).executeTakeFirst();
}

/** Creates or overwrites the progress row. */
export async function writeSyncState(db: Db, values: Omit<Insertable<UpstreamSyncTable>, 'id'>): Promise<void> {
  await db
    .insertInto('upstream_sync')
    .values({ id: SYNC_ROW_ID, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}

/** Updates some columns of the progress row. */
export async function updateSyncState(db: Db, values: Updateable<UpstreamSyncTable>): Promise<void> {
  await db.updateTable('upstream_sync').set(values).where('id', '=', SYNC_ROW_ID).execute();
}

/** A publisher by id, or undefined. */
export function findPublisher(db: Db, id: string): Promise<Selectable<PublishersTable> | undefined> {
  return db.selectFrom('publishers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Creates a mirrored publisher or refreshes its columns. */
export async function upsertMirroredPublisher(db: Db, row: Insertable<PublishersTable>): Promise<void> {
  const { id: _id, created_at: _created, ...changes } = row;
  await db
    .insertInto('publishers')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet(changes))
    .execute();
}

/** Every version of a pack, whatever its status. */
export function versionsOfPack(db: Db, nodeId: string): Promise<Selectable<NodeVersionsTable>[]> {
  return db.selectFrom('node_versions').selectAll().where('node_id', '=', nodeId).execute();
}

/** Changes a version's columns other than its status (status changes go through their history). */
export async function updateVersionColumns(
  db: Db,
  versionId: string,
  values: Omit<Updateable<NodeVersionsTable>, 'status' | 'status_reason'>,
): Promise<void> {
  await db.updateTable('node_versions').set(values).where('id', '=', versionId).execute();
}

/** Replaces the class definitions of one version with the upstream's. */
export async function replaceVersionClasses(
  db: Db,
  versionId: string,
  rows: Insertable<ComfyNodesTable>[],
): Promise<void> {
  await db.deleteFrom('comfy_nodes').where('node_version_id', '=', versionId).execute();
  const first = rows[0];
  if (!first) return;
  for (const slice of chunks(rows, rowsPerInsert(Object.keys(first).length))) {
    await db.insertInto('comfy_nodes').values(slice).execute();
  }
}

/** Marks packs as seen in the upstream catalogue at `now` (unchanged entries only need this). */
export async function touchSynced(db: Db, nodeIds: string[], now: string): Promise<void> {
  for (const slice of chunks(nodeIds, IDS_PER_QUERY)) {
    await db.updateTable('nodes').set({ last_synced_at: now }).where('id', 'in', slice).execute();
  }
}

/** Mirrored packs still listed as Active here that the current sync has not seen upstream. */
export async function unseenMirroredPacks(db: Db, upstream: string, since: string): Promise<Selectable<NodesTable>[]> {
  return db
    .selectFrom('nodes')
    .selectAll()
    .where('mirrored_from', '=', upstream)
    .where('status', '=', 'NodeStatusActive')
    .where((eb) => eb.or([eb('last_synced_at', 'is', null), eb('last_synced_at', '<', since)]))
    .orderBy('id')
    .execute();
}
