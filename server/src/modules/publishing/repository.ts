import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, NodeVersionsTable, PublishersTable, StorageFilesTable } from '../../db/schema.js';
import { linkVersionArchive } from '../catalogue/version-rows.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A publisher row, or undefined. */
export function findPublisherRow(db: Db, publisherId: string): Promise<Selectable<PublishersTable> | undefined> {
  return db.selectFrom('publishers').selectAll().where('id', '=', publisherId).executeTakeFirst();
}

/** Whether the pack already has this (normalised) version. */
export async function versionExists(db: Db, nodeId: string, version: string): Promise<boolean> {
  const row = await db
    .selectFrom('node_versions')
    .select('id')
    .where('node_id', '=', nodeId)
    .where('version', '=', version)
    .executeTakeFirst();
  return row !== undefined;
}

/** A version of a pack by id, or undefined. */
export function findVersionOfPack(
  db: Db,
  nodeId: string,
  versionId: string,
): Promise<Selectable<NodeVersionsTable> | undefined> {
  return db
    .selectFrom('node_versions')
    .selectAll()
    .where('id', '=', versionId)
    .where('node_id', '=', nodeId)
    .executeTakeFirst();
}

/** A stored-archive row by key, with the version using it (if any). */
export function findStorageFileByKey(
  db: Db,
  key: string,
): Promise<(Selectable<StorageFilesTable> & { used_by: string | null }) | undefined> {
  return db
    .selectFrom('storage_files')
    .leftJoin('node_versions', 'node_versions.storage_file_id', 'storage_files.id')
    .selectAll('storage_files')
    .select('node_versions.id as used_by')
    .where('storage_files.storage_key', '=', key)
    .executeTakeFirst();
}

/** Records a stored archive and attaches it to its version (only if the version has none yet). */
export async function attachArchive(
  db: Db,
  versionId: string,
  file: Insertable<StorageFilesTable>,
  now: string,
): Promise<boolean> {
  await db.deleteFrom('storage_files').where('storage_key', '=', file.storage_key).execute();
  await db.insertInto('storage_files').values(file).execute();
  return linkVersionArchive(db, versionId, file.id, now, true);
}
