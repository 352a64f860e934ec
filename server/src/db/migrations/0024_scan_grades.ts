import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * What the scan saw in each version, kept whatever the version's status: the labels users see
 * (JSON array of label ids) and every finding with its grade, context and excerpt (JSON array),
 * so a label-only version still shows its publisher and admins what matched, and a later version
 * can tell which findings are new. A Flagged version's reason keeps only the holding findings.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('node_versions')
    .addColumn('scan_labels', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('node_versions')
    .addColumn('scan_findings', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}
