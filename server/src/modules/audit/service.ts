import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { pageCount, pageOffset } from '../../lib/paging.js';
import { type AuditFilter, type AuditRow, countAudit, pageAudit, userEmails, versionLabels } from './repository.js';

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const idsOf = (rows: readonly AuditRow[], type: string) => [
  ...new Set(rows.filter((r) => r.target_type === type).map((r) => r.target_id)),
];

/**
 * One page of the audit log with `before`/`after` as JSON values, each actor's e-mail, and a
 * `target_label` people read: `pack@1.2.0` for a version (its id is a UUID), the e-mail of a
 * user, the id of anything else (or when the target no longer exists).
 */
export async function listAudit(db: Kysely<Database>, filter: AuditFilter, page: number, limit: number) {
  const [total, rows] = await Promise.all([
    countAudit(db, filter),
    pageAudit(db, filter, limit, pageOffset({ page, limit })),
  ]);
  const actorIds = rows.map((r) => r.actor_user_id).filter((id): id is string => id !== null);
  const [emailById, versionLabel] = await Promise.all([
    userEmails(db, [...new Set([...actorIds, ...idsOf(rows, 'user')])]),
    versionLabels(db, idsOf(rows, 'node_version')),
  ]);
  const labelOf = (r: AuditRow) =>
    (r.target_type === 'node_version' ? versionLabel.get(r.target_id) : undefined) ??
    (r.target_type === 'user' ? emailById.get(r.target_id) : undefined) ??
    r.target_id;
  return {
    total,
    entries: rows.map((r) => ({
      id: r.id,
      actor: r.actor_user_id ? { id: r.actor_user_id, email: emailById.get(r.actor_user_id) ?? '' } : null,
      action: r.action,
      target_type: r.target_type,
      target_id: r.target_id,
      target_label: labelOf(r),
      reason: r.reason,
      before: parse(r.before),
      after: parse(r.after),
      created_at: r.created_at,
    })),
    page,
    limit,
    totalPages: pageCount(total, limit),
  };
}
