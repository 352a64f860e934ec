import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * Jobs carry the key they are shared out by (the publisher, for archive processing), so the
 * queue serves every publisher in turn instead of strictly in arrival order: one publisher's
 * backlog no longer delays everyone else's uploads. Existing jobs share the empty key.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('jobs')
    .addColumn('fair_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // The claim counts each key's running jobs and finds when it was last served from this index.
  await sql`create index jobs_fair_key_idx on jobs (fair_key, status, updated_at)`.execute(db);
}
