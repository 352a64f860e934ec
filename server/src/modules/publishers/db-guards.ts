import type { Transaction } from 'kysely';
import { dialectOf } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';

/**
 * Holds a row lock until the transaction ends, so two requests that check-then-write the same
 * publisher (last owner, publisher limit) run one after the other. SQLite needs nothing: its
 * single connection already runs transactions one at a time.
 */
export async function lockRow(trx: Transaction<Database>, table: 'publishers' | 'users', id: string): Promise<void> {
  if (dialectOf<Database>(trx) !== 'postgres') return;
  await trx.selectFrom(table).select('id').where('id', '=', id).forUpdate().execute();
}

/** True for a unique or primary-key violation on either dialect (a lost insert race). */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object' || !('code' in error)) return false;
  const code = String((error as { code: unknown }).code);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** True for a foreign-key violation on either dialect (a row appeared that still points here). */
export function isForeignKeyViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object' || !('code' in error)) return false;
  const code = String((error as { code: unknown }).code);
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
