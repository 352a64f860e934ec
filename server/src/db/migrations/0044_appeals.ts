import type { Kysely } from 'kysely';
import { columnTypes, type DialectName } from '../dialect.js';

/**
 * Appeals: the thread between a held version's publisher and the administrators. Each row is one
 * message (`kind` 'message') or the administrators' decision (`kind` 'decision', `decision`
 * 'approve' or 'reject', written in the transaction that changes the version's status).
 * - `author_role`: 'publisher' or 'admin', as the author wrote it (an admin who is also a member
 *   of the publisher writes as whichever side they wrote from);
 * - `author_id`: null once the account is deleted; the message stays.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('appeal_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('node_version_id', 'text', (c) => c.notNull().references('node_versions.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_role', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('message'))
    .addColumn('decision', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('appeal_messages_version_idx')
    .on('appeal_messages')
    .columns(['node_version_id', 'created_at'])
    .execute();
}
