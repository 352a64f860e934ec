import type { Kysely } from 'kysely';
import { columnTypes, type DialectName } from '../dialect.js';

/**
 * Invitations to join a publisher. Nobody becomes a member without saying yes: an owner invites
 * an e-mail address, the account behind it (when there is one) accepts or declines. Rows stay
 * after an answer so the per-day invitation limit counts revoked and declined ones too; they go
 * with the publisher or either account.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('publisher_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('publisher_id', 'text', (c) => c.notNull().references('publishers.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('invitee_user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('answered_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('publisher_invitations_publisher')
    .on('publisher_invitations')
    .columns(['publisher_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('publisher_invitations_inviter')
    .on('publisher_invitations')
    .columns(['invited_by', 'created_at'])
    .execute();
  await db.schema
    .createIndex('publisher_invitations_invitee')
    .on('publisher_invitations')
    .columns(['invitee_user_id', 'status'])
    .execute();
}
