import type { Kysely } from 'kysely';
import { columnTypes, type DialectName } from '../dialect.js';

/**
 * `archive_directories`: the checked file list of each stored archive, written when the pipeline
 * (or the mirror's analysis) validates it, so the code view lists a version and locates its files
 * without reading and re-checking the zip's central directory on every first look. One row per
 * stored blob; it goes with the blob's row. `files` is JSON (see `modules/catalogue/archive-directories.ts`).
 * Archives stored before this table get their row the first time the code view reads them.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('archive_directories')
    .addColumn('storage_file_id', 'text', (c) => c.primaryKey().references('storage_files.id').onDelete('cascade'))
    .addColumn('files', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
}
