import type { Kysely } from 'kysely';
import { columnTypes, type DialectName } from '../dialect.js';

/**
 * Ids of deleted publishers. They stay taken for good, as on crates.io and npm: someone else
 * registering a deleted publisher's id could pass for it to everyone who installed its packs.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('retired_publisher_ids')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('retired_at', t.timestamp, (c) => c.notNull())
    .execute();
}
