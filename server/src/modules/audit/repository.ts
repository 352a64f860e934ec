import type { Kysely, Selectable, Transaction } from 'kysely';
import type { AuditLogTable, Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;
export type AuditRow = Selectable<AuditLogTable>;

/** What the audit listing is filtered by; every field narrows it. */
export interface AuditFilter {
  actor?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  /** ISO timestamps, inclusive. */
  since?: string | undefined;
  until?: string | undefined;
}

function filtered(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.actor !== undefined) query = query.where('actor_user_id', '=', filter.actor);
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  if (filter.targetType !== undefined) query = query.where('target_type', '=', filter.targetType);
  if (filter.targetId !== undefined) query = query.where('target_id', '=', filter.targetId);
  if (filter.since !== undefined) query = query.where('created_at', '>=', filter.since);
  if (filter.until !== undefined) query = query.where('created_at', '<=', filter.until);
  return query;
}

/** How many entries match. */
export async function countAudit(db: Db, filter: AuditFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** One page of entries, newest first; the id breaks ties between entries of the same instant. */
export function pageAudit(db: Db, filter: AuditFilter, limit: number, offset: number): Promise<AuditRow[]> {
  return filtered(db, filter)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The newest entry of an action on a target (unban reads what the ban changed from it). */
export function latestAuditOf(
  db: Db,
  action: string,
  targetType: string,
  targetId: string,
): Promise<AuditRow | undefined> {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_type', '=', targetType)
    .where('target_id', '=', targetId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** `pack@1.2.0` for each version id that still exists. */
export async function versionLabels(db: Db, versionIds: readonly string[]): Promise<Map<string, string>> {
  if (versionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('node_versions')
    .select(['id', 'node_id', 'version'])
    .where('id', 'in', [...versionIds])
    .execute();
  return new Map(rows.map((r) => [r.id, `${r.node_id}@${r.version}`]));
}

/** The e-mail of each user id that still exists. */
export async function userEmails(db: Db, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', 'in', [...userIds])
    .execute();
  return new Map(rows.map((r) => [r.id, r.email]));
}
