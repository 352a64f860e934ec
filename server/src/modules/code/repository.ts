import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** One version with what the code view's access rule and reader need: statuses, owner, archive. */
export function findVersionWithArchive(db: Kysely<Database>, nodeId: string, version: string) {
  return db
    .selectFrom('node_versions')
    .innerJoin('nodes', 'nodes.id', 'node_versions.node_id')
    .leftJoin('storage_files', 'storage_files.id', 'node_versions.storage_file_id')
    .select([
      'node_versions.id',
      'node_versions.version',
      'node_versions.status',
      'node_versions.status_reason',
      'node_versions.created_at',
      'nodes.status as node_status',
      'nodes.publisher_id',
      'storage_files.id as storage_file_id',
      'storage_files.storage_key',
      'storage_files.size_bytes',
      'storage_files.sha256',
    ])
    .where('node_versions.node_id', '=', nodeId)
    .where('node_versions.version', '=', version)
    .executeTakeFirst();
}

export type VersionArchiveRow = NonNullable<Awaited<ReturnType<typeof findVersionWithArchive>>>;
