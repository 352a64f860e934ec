import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

type Db = Kysely<Database> | Transaction<Database>;

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
