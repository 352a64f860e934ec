import type { Kysely } from 'kysely';
import { columnTypes, type DialectName } from '../dialect.js';

/**
 * The README found in each version's archive, for the pack page. A table of its own rather than
 * columns of `node_versions`: version rows are read in bulk by listings and installs, and a README
 * may be half a mebibyte. A version without a README has no row.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('node_version_readmes')
    .addColumn('node_version_id', 'text', (c) => c.primaryKey().references('node_versions.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('size_bytes', t.bigint, (c) => c.notNull())
    .addColumn('truncated', t.boolean, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
}
