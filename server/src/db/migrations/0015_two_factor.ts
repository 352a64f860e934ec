import { type Kysely, sql } from 'kysely';
import { columnTypes, type DialectName } from '../dialect.js';

/**
 * Two-factor sign-in (TOTP and recovery codes): a flag on the account and one row per account
 * holding its encrypted TOTP secret and encrypted recovery codes. `verified` stays false until
 * the first code from the authenticator app is confirmed; the failure counter and lock stop
 * code guessing across sign-in attempts.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);
  const now = dialect === 'postgres' ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  await db.schema
    .alterTable('users')
    .addColumn('two_factor_enabled', t.boolean, (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable('two_factors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('backup_codes', 'text', (c) => c.notNull())
    .addColumn('verified', t.boolean, (c) => c.notNull().defaultTo(false))
    .addColumn('failed_verification_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
}
