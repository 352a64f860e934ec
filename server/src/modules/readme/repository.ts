import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PackReadme } from '../../engines/archive/types.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Stores (or replaces) the README read from a version's archive; `null` removes a stored one, so
 * the row always says what the archive holds and running this twice changes nothing.
 */
export async function saveReadme(db: Db, versionId: string, readme: PackReadme | null): Promise<void> {
  if (!readme) {
    await db.deleteFrom('node_version_readmes').where('node_version_id', '=', versionId).execute();
    return;
  }
  const row = {
    file_name: readme.fileName,
    format: readme.format,
    content: readme.content,
    size_bytes: readme.sizeBytes,
    truncated: readme.truncated,
  };
  await db
    .insertInto('node_version_readmes')
    .values({ node_version_id: versionId, ...row, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('node_version_id').doUpdateSet(row))
    .execute();
}

/** The columns a README answer needs, with the version number it belongs to. */
function selectReadme(db: Db) {
  return db
    .selectFrom('node_version_readmes')
    .innerJoin('node_versions', 'node_versions.id', 'node_version_readmes.node_version_id')
    .select([
      'node_versions.version',
      'node_version_readmes.file_name',
      'node_version_readmes.format',
      'node_version_readmes.content',
      'node_version_readmes.size_bytes',
      'node_version_readmes.truncated',
    ]);
}

/** The stored README of one version of a pack, by version number. */
export function findReadmeOfVersion(db: Db, nodeId: string, version: string) {
  return selectReadme(db)
    .where('node_versions.node_id', '=', nodeId)
    .where('node_versions.version', '=', version)
    .executeTakeFirst();
}

/** The stored README of a version by its id (the pack's latest-version pointer). */
export function findReadmeOfVersionId(db: Db, versionId: string) {
  return selectReadme(db).where('node_versions.id', '=', versionId).executeTakeFirst();
}

export type ReadmeRow = NonNullable<Awaited<ReturnType<typeof findReadmeOfVersion>>>;

/** Versions with a stored archive and no README row yet: what the backfill reads, oldest first. */
export function listVersionsWithoutReadme(db: Db, afterId: string, limit: number) {
  return db
    .selectFrom('node_versions')
    .innerJoin('storage_files', 'storage_files.id', 'node_versions.storage_file_id')
    .leftJoin('node_version_readmes', 'node_version_readmes.node_version_id', 'node_versions.id')
    .select([
      'node_versions.id',
      'node_versions.node_id',
      'node_versions.version',
      'storage_files.storage_key',
      'storage_files.size_bytes',
      'storage_files.sha256',
    ])
    .where('node_version_readmes.node_version_id', 'is', null)
    .where('node_versions.status', '!=', 'NodeVersionStatusDeleted')
    .where('node_versions.id', '>', afterId)
    .orderBy('node_versions.id')
    .limit(limit)
    .execute();
}
