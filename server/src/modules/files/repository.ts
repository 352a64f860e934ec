import type { Kysely, Selectable } from 'kysely';
import type { Database, StorageFilesTable } from '../../db/schema.js';

/** The registered archive under a storage key, if any. */
export function findStorageFileByKey(
  db: Kysely<Database>,
  key: string,
): Promise<Selectable<StorageFilesTable> | undefined> {
  return db.selectFrom('storage_files').selectAll().where('storage_key', '=', key).executeTakeFirst();
}
