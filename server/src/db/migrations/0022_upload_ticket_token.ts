import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * An upload URL belongs to the token that asked for it: revoking the token (deleting its row)
 * removes its unused upload URLs with it, and an upload checks that the token has not expired
 * meanwhile. Null for URLs issued to a signed-in browser session, which carry no token.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('upload_tickets')
    .addColumn('issued_by_token', 'text', (c) => c.references('personal_access_tokens.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('upload_tickets_issued_by_token')
    .on('upload_tickets')
    .column('issued_by_token')
    .execute();
}
