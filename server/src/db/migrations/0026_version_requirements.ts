import type { Kysely } from 'kysely';
import { columnTypes, type DialectName } from '../dialect.js';

/**
 * The Python requirements read from each version's archive (requirements.txt with the files it
 * includes, and `[project].dependencies`): one row per requirement, pip option or unreadable
 * line, in the order pip reads them. Rows rather than a JSON column, so an install planner can
 * find every version that asks for a package by its normalised name.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('node_version_requirements')
    .addColumn('node_version_id', 'text', (c) => c.notNull().references('node_versions.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('specifier', 'text', (c) => c.notNull())
    .addColumn('extras', 'text', (c) => c.notNull())
    .addColumn('markers', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('option', 'text', (c) => c.notNull())
    .addColumn('editable', t.boolean, (c) => c.notNull())
    .addColumn('source_file', 'text', (c) => c.notNull())
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('problem', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('node_version_requirements_pk', ['node_version_id', 'position'])
    .execute();
  await db.schema
    .createIndex('node_version_requirements_name_idx')
    .on('node_version_requirements')
    .column('name')
    .execute();
}
