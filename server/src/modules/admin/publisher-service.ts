import type { AppContext } from '../../context.js';
import type { PublisherStatus } from '../../db/schema.js';
import { pageEnvelope } from '../../lib/paging.js';
import { presentPublishers } from '../publishers/present.js';
import { pageOfPublishers } from './repository.js';

export const PUBLISHER_STATUSES: readonly PublisherStatus[] = ['PublisherStatusActive', 'PublisherStatusBanned'];

/** Publishers whose id or name contains `q` (any case), optionally one status, by id; members with e-mails. */
export async function listPublishersForAdmin(
  ctx: AppContext,
  query: { q?: string | undefined; statuses: PublisherStatus[]; page: number; limit: number },
) {
  const { total, rows } = await pageOfPublishers(
    ctx.db,
    { statuses: query.statuses, text: query.q?.trim().toLowerCase() },
    query,
  );
  const presented = await presentPublishers(ctx.db, rows, true);
  return pageEnvelope(
    'publishers',
    presented.map((p, i) => ({ ...p, status_reason: rows[i]?.status_reason ?? '' })),
    total,
    query,
  );
}
