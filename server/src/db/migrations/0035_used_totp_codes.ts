import type { Kysely } from 'kysely';
import { columnTypes, type DialectName } from '../dialect.js';

/**
 * TOTP codes already accepted, per account, until they can no longer be valid: a code read over
 * someone's shoulder or caught in transit cannot be used a second time within its window. The
 * primary key makes the first use win when two requests race with the same code.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('used_totp_codes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    /** Epoch milliseconds after which the code is refused by the clock anyway. */
    .addColumn('expires_at', t.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('used_totp_codes_pk', ['user_id', 'code'])
    .execute();
}
