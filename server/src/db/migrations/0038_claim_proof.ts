import type { Kysely } from 'kysely';
import { columnTypes, type DialectName } from '../dialect.js';

/**
 * A claim request proves control of the pack's repository before it can be approved: the
 * registry gives the requester a token to commit in a file on the default branch, then reads
 * that file back.
 * - `proof_token`: the token the file must contain;
 * - `proof_status`: 'unchecked', 'verified' or 'failed' (the latest check);
 * - `proof_url`: the address the latest check read;
 * - `proof_detail`: what that check found (the evidence, or why it failed), in English;
 * - `proof_reason`: the same as a word the web app translates ('' until checked, 'found',
 *   'missing', 'other_token', 'no_token', 'unreachable', 'host_error', 'unsupported');
 * - `proof_checked_at`: when the latest check ran.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);
  const add = (column: string) =>
    db.schema.alterTable('claim_requests').addColumn(column, 'text', (c) => c.notNull().defaultTo(''));
  await add('proof_token').execute();
  await db.schema
    .alterTable('claim_requests')
    .addColumn('proof_status', 'text', (c) => c.notNull().defaultTo('unchecked'))
    .execute();
  await add('proof_url').execute();
  await add('proof_detail').execute();
  await add('proof_reason').execute();
  await db.schema.alterTable('claim_requests').addColumn('proof_checked_at', t.timestamp).execute();
}
