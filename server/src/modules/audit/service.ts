import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type AuditFilter, countAudit, pageAudit } from './repository.js';

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** One page of the audit log with `before`/`after` as JSON values and each actor's e-mail. */
export async function listAudit(db: Kysely<Database>, filter: AuditFilter, page: number, limit: number) {
  const [total, rows] = await Promise.all([countAudit(db, filter), pageAudit(db, filter, limit, (page - 1) * limit)]);
  const actorIds = [...new Set(rows.map((r) => r.actor_user_id).filter((id): id is string => id !== null))];
  const actors =
    actorIds.length === 0
      ? []
      : await db.selectFrom('users').select(['id', 'email']).where('id', 'in', actorIds).execute();
  const emailById = new Map(actors.map((a) => [a.id, a.email]));
  return {
    total,
    entries: rows.map((r) => ({
      id: r.id,
      actor: r.actor_user_id ? { id: r.actor_user_id, email: emailById.get(r.actor_user_id) ?? '' } : null,
      action: r.action,
      target_type: r.target_type,
      target_id: r.target_id,
      reason: r.reason,
      before: parse(r.before),
      after: parse(r.after),
      created_at: r.created_at,
    })),
    page,
    limit,
    totalPages: Math.ceil(total / limit),
  };
}
