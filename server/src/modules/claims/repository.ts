import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';
import { newId } from '../../lib/ids.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Moves a pack from one publisher to another only if it still belongs to `from`, so two
 * concurrent claims cannot both succeed. False when someone else got there first.
 */
export async function movePack(db: Db, nodeId: string, from: string, to: string): Promise<boolean> {
  const result = await db
    .updateTable('nodes')
    .set({ publisher_id: to, updated_at: nowIso() })
    .where('id', '=', nodeId)
    .where('publisher_id', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** One audit-log entry about a pack. */
export async function auditPackChange(
  db: Db,
  entry: { actorUserId: string; action: string; nodeId: string; reason: string; before: unknown; after: unknown },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: newId(),
      actor_user_id: entry.actorUserId,
      action: entry.action,
      target_type: 'node',
      target_id: entry.nodeId,
      reason: entry.reason,
      before: JSON.stringify(entry.before),
      after: JSON.stringify(entry.after),
    })
    .execute();
}
