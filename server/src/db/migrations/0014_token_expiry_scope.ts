import type { Kysely } from 'kysely';
import { columnTypes, type DialectName } from '../dialect.js';

/**
 * Publishing tokens learn what crates.io tokens know: an optional expiry, an optional list of
 * the packs they may publish (null means every pack of the publisher), and their last four
 * characters, so owners can tell tokens apart (the stored prefix is the same `crp_` for all).
 * Existing tokens keep working as before: no expiry, every pack, last four unknown.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema.alterTable('personal_access_tokens').addColumn('expires_at', t.timestamp).execute();
  await db.schema.alterTable('personal_access_tokens').addColumn('node_ids', 'text').execute();
  await db.schema.alterTable('personal_access_tokens').addColumn('token_last_four', 'text').execute();
}
