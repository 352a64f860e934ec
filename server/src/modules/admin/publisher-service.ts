import { type SqlBool, sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { PublisherStatus } from '../../db/schema.js';
import { presentPublishers } from '../publishers/present.js';

export const PUBLISHER_STATUSES: readonly PublisherStatus[] = ['PublisherStatusActive', 'PublisherStatusBanned'];

/** Publishers whose id or name contains `q` (any case), optionally one status, by id; members with e-mails. */
export async function listPublishersForAdmin(
  ctx: AppContext,
  query: { q?: string | undefined; statuses: PublisherStatus[]; page: number; limit: number },
) {
  let base = ctx.db.selectFrom('publishers').where('status', 'in', query.statuses);
  const text = query.q?.trim().toLowerCase();
  if (text) {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where(sql<SqlBool>`(lower(id) like ${pattern} escape '\\' or lower(name) like ${pattern} escape '\\')`);
  }
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    base
      .selectAll()
      .orderBy('id')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
  ]);
  const total = Number(count?.n ?? 0);
  const presented = await presentPublishers(ctx.db, rows, true);
  return {
    total,
    publishers: presented.map((p, i) => ({ ...p, status_reason: rows[i]?.status_reason ?? '' })),
    page: query.page,
    limit: query.limit,
    totalPages: Math.ceil(total / query.limit),
  };
}
