import { type Kysely, sql } from 'kysely';
import { columnTypes, type DialectName } from '../dialect.js';

/**
 * Requests to the administrators to move an unclaimed pack into a publisher, for registries
 * without GitHub sign-in (where a claim cannot be proven through GitHub). An admin approves
 * (the pack moves, as with a proven claim) or denies; the requester is told by e-mail.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);
  const now = dialect === 'postgres' ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  await db.schema
    .createTable('claim_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('node_id', 'text', (c) => c.notNull().references('nodes.id').onDelete('cascade'))
    .addColumn('publisher_id', 'text', (c) => c.notNull().references('publishers.id').onDelete('cascade'))
    .addColumn('requester_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('decided_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decision_note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('decided_at', t.timestamp)
    .execute();
  // The admin screen lists by status, oldest first; a requester has one open request per pack.
  await db.schema
    .createIndex('claim_requests_status_idx')
    .on('claim_requests')
    .columns(['status', 'created_at'])
    .execute();
  await sql`create unique index claim_requests_open_idx on claim_requests (node_id, requester_id) where status = 'pending'`.execute(
    db,
  );
}
