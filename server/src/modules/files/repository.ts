import type { Kysely, Selectable } from 'kysely';
import type { Database, NodeStatus, NodeVersionStatus, StorageFilesTable } from '../../db/schema.js';

/** A registered archive with the version and pack it belongs to (null when no version refers to it). */
export type ArchiveRow = Selectable<StorageFilesTable> & {
  version_status: NodeVersionStatus | null;
  node_status: NodeStatus | null;
};

/** The registered archive under a storage key, if any, with its version's and pack's status. */
export function findArchiveByKey(db: Kysely<Database>, key: string): Promise<ArchiveRow | undefined> {
  return db
    .selectFrom('storage_files')
    .leftJoin('node_versions', 'node_versions.storage_file_id', 'storage_files.id')
    .leftJoin('nodes', 'nodes.id', 'node_versions.node_id')
    .selectAll('storage_files')
    .select(['node_versions.status as version_status', 'nodes.status as node_status'])
    .where('storage_files.storage_key', '=', key)
    .executeTakeFirst();
}

/** The archive of one version of a pack (any status), with the pack's publisher. */
export function findVersionArchive(db: Kysely<Database>, nodeId: string, version: string) {
  return db
    .selectFrom('node_versions')
    .innerJoin('nodes', 'nodes.id', 'node_versions.node_id')
    .innerJoin('storage_files', 'storage_files.id', 'node_versions.storage_file_id')
    .selectAll('storage_files')
    .select(['nodes.publisher_id'])
    .where('node_versions.node_id', '=', nodeId)
    .where('node_versions.version', '=', version)
    .executeTakeFirst();
}
