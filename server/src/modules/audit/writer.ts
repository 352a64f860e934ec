import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';
import { newId } from '../../lib/ids.js';

type Db = Kysely<Database> | Transaction<Database>;

/** What kind of thing an admin acted on. */
export type AuditTargetType = 'node' | 'node_version' | 'publisher' | 'user';

/** One admin action, as recorded in the audit log. */
export interface AuditEntry {
  /** The admin who acted; null for the system. */
  actor: string | null;
  /** Dotted verb, e.g. `node.ban`, `node_version.update`. */
  action: string;
  targetType: AuditTargetType;
  targetId: string;
  reason?: string | undefined;
  /** What the action changed, as it was; enough to restore it (unban reads it back). */
  before: unknown;
  after: unknown;
}

/**
 * Appends one audit entry. Call it inside the transaction of the change it describes, so the log
 * holds an entry exactly when the change happened. Entries are never updated or deleted.
 */
export async function audit(db: Db, entry: AuditEntry): Promise<string> {
  const id = newId();
  await db
    .insertInto('audit_log')
    .values({
      id,
      actor_user_id: entry.actor,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      reason: entry.reason ?? '',
      before: JSON.stringify(entry.before ?? null),
      after: JSON.stringify(entry.after ?? null),
      created_at: nowIso(),
    })
    .execute();
  return id;
}
