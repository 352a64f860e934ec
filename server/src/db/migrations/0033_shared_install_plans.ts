import type { Kysely } from 'kysely';
import { columnTypes, type DialectName } from '../dialect.js';

/**
 * What a shared install plan was asked for (the workflow's node uses and the environment, never
 * the workflow itself), under an id derived from that content, so `/resolve?plan=<id>` shows the
 * plan again, computed against the catalogue of the day it is opened.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('shared_install_plans')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
}
