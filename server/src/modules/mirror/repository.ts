import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import { chunks, IDS_PER_QUERY, rowsPerInsert } from '../../db/batch.js';
import type {
  ComfyNodesTable,
  Database,
  NodesTable,
  NodeVersionsTable,
  PublishersTable,
  UpstreamOverridesTable,
  UpstreamSyncTable,
} from '../../db/schema.js';
import { normalizeNodeId } from '../catalogue/node-id.js';

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

/** What the sync needs to know of a pack here to tell whether its listing entry changed. */
export type PackHere = Pick<
  Selectable<NodesTable>,
  'id' | 'normalized_id' | 'mirrored_from' | 'upstream_fingerprint' | 'status'
>;

/** The packs here with any of these ids in any letter case, by normalised id: one query per page of the sync. */
export async function packsByNormalizedId(db: Db, ids: string[]): Promise<Map<string, PackHere>> {
  const normalized = [...new Set(ids.map(normalizeNodeId))];
  const found = new Map<string, PackHere>();
  for (const slice of chunks(normalized, IDS_PER_QUERY)) {
    const rows = await db
      .selectFrom('nodes')
      .select(['id', 'normalized_id', 'mirrored_from', 'upstream_fingerprint', 'status'])
      .where('normalized_id', 'in', slice)
      .execute();
    for (const row of rows) found.set(row.normalized_id, row);
  }
  return found;
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

export type OverrideRow = Selectable<UpstreamOverridesTable>;

/** The override for an id (any letter case), if an admin released it for local use. */
export function findOverride(db: Db, normalizedId: string): Promise<OverrideRow | undefined> {
  return db.selectFrom('upstream_overrides').selectAll().where('normalized_id', '=', normalizedId).executeTakeFirst();
}

/** Every override, newest first. */
export function listOverrides(db: Db): Promise<OverrideRow[]> {
  return db.selectFrom('upstream_overrides').selectAll().orderBy('created_at', 'desc').execute();
}

/** The normalised ids released for local use (the sync skips them). */
export async function overriddenIds(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('upstream_overrides').select('normalized_id').execute();
  return new Set(rows.map((r) => r.normalized_id));
}

export async function insertOverride(db: Db, row: Insertable<UpstreamOverridesTable>): Promise<void> {
  await db.insertInto('upstream_overrides').values(row).execute();
}

/**
 * Removes a mirrored pack's copy here: its versions (their history, classes and download counts
 * go with them), the records of its cached archives, then the pack (its classes, reviews and claim
 * requests go with it). Returns the storage keys of the archives, for the caller to delete after
 * commit. Only ever called for a pack with `mirrored_from` set.
 */
export async function removeMirroredCopy(db: Db, nodeId: string): Promise<string[]> {
  const files = await db
    .selectFrom('node_versions')
    .innerJoin('storage_files', 'storage_files.id', 'node_versions.storage_file_id')
    .select(['storage_files.id', 'storage_files.storage_key'])
    .where('node_versions.node_id', '=', nodeId)
    .execute();
  await db.deleteFrom('node_versions').where('node_id', '=', nodeId).execute();
  for (const slice of chunks(
    files.map((f) => f.id),
    IDS_PER_QUERY,
  )) {
    await db.deleteFrom('storage_files').where('id', 'in', slice).execute();
  }
  await db.deleteFrom('nodes').where('id', '=', nodeId).where('mirrored_from', '!=', '').execute();
  return files.map((f) => f.storage_key);
}
