import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * Ids an admin has released for local use although the upstream registry has a pack of that id:
 * a local publisher may create the pack here, and the upstream sync leaves the id alone. Keyed by
 * the normalised id, so every letter case of it is covered. Who allowed it and why is also in the
 * audit log; the row is what the publish check and the sync read.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('upstream_overrides')
    .addColumn('normalized_id', 'text', (c) => c.primaryKey())
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
