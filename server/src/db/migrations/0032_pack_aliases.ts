import type { Kysely } from 'kysely';
import { columnTypes, type DialectName } from '../dialect.js';

/**
 * The other ids people know a pack by (the public registry's id, the Manager's id, the id the
 * public registry derives from the repository name), so pages, reads, installs and the workflow
 * resolver answer to them; and the Manager's `nodename_pattern` of a pack, a regular expression
 * its class names match, for workflows whose classes no node map lists.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('pack_aliases')
    // Lower-cased, as `nodes.normalized_id`: an alias is compared as ids are.
    .addColumn('alias', 'text', (c) => c.primaryKey())
    .addColumn('node_id', 'text', (c) => c.notNull().references('nodes.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pack_aliases_node').on('pack_aliases').column('node_id').execute();
  await db.schema
    .createTable('pack_class_patterns')
    .addColumn('node_id', 'text', (c) => c.notNull().references('nodes.id').onDelete('cascade'))
    .addColumn('pattern', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('pack_class_patterns_pk', ['node_id', 'pattern'])
    .execute();
}
