import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';
import { newId } from '../../lib/ids.js';
import { updatePack } from '../catalogue/pack-rows.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Records a user's stars for a pack, replacing an earlier review by the same user. */
export async function upsertReview(db: Db, nodeId: string, userId: string, star: number): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('reviews')
    .values({ id: newId(), node_id: nodeId, user_id: userId, star, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['node_id', 'user_id']).doUpdateSet({ star, updated_at: now }))
    .execute();
}

/**
 * Recomputes a pack's review totals from the reviews themselves, so concurrent reviews and
 * re-reviews can never drift the counters.
 */
export async function refreshReviewTotals(db: Db, nodeId: string): Promise<void> {
  const totals = await db
    .selectFrom('reviews')
    .select((eb) => [eb.fn.countAll().as('reviews'), eb.fn.sum<number | string | null>('star').as('stars')])
    .where('node_id', '=', nodeId)
    .executeTakeFirstOrThrow();
  await updatePack(db, nodeId, { total_review: Number(totals.reviews), total_star: Number(totals.stars ?? 0) });
}

/** The user's own stars for a pack, or undefined when they have not rated it. */
export async function findReview(
  db: Db,
  nodeId: string,
  userId: string,
): Promise<{ star: number; updated_at: string } | undefined> {
  return db
    .selectFrom('reviews')
    .select(['star', 'updated_at'])
    .where('node_id', '=', nodeId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Removes a user's review of a pack; answers whether there was one. */
export async function deleteReview(db: Db, nodeId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('reviews')
    .where('node_id', '=', nodeId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
