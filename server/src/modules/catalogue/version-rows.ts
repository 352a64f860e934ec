import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database, NodeVersionsTable } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A version's columns other than its status: the status goes through `version-status.ts`, which
 * writes its history. The type leaves the status out, so a write here can never skip that row.
 */
export type VersionColumns = Omit<Updateable<NodeVersionsTable>, 'status' | 'status_reason'>;

/** Writes the given columns of a version; answers the row as it is now (undefined when there is none). */
export function updateVersionColumns(
  db: Db,
  versionId: string,
  values: VersionColumns,
): Promise<Selectable<NodeVersionsTable> | undefined> {
  return db.updateTable('node_versions').set(values).where('id', '=', versionId).returningAll().executeTakeFirst();
}

/**
 * Links a stored archive to a version. An upload (`onlyAwaiting`) links only to a Pending version
 * that has no archive yet, so a version moderated or filled meanwhile refuses it; the mirror's
 * cache links whatever the version holds. Answers whether the version took the archive.
 */
export async function linkVersionArchive(
  db: Db,
  versionId: string,
  fileId: string,
  now: string,
  onlyAwaiting: boolean,
): Promise<boolean> {
  let query = db
    .updateTable('node_versions')
    .set({ storage_file_id: fileId, updated_at: now })
    .where('id', '=', versionId);
  if (onlyAwaiting) {
    query = query.where('storage_file_id', 'is', null).where('status', '=', 'NodeVersionStatusPending');
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Removes a version whose archive never arrived (a browser upload that failed after taking the
 * number); its history rows go with it.
 */
export async function removeUnfinishedVersion(db: Db, versionId: string): Promise<void> {
  await db.deleteFrom('node_versions').where('id', '=', versionId).execute();
}
