import type { AppContext } from '../../context.js';
import { forbidden, notFound, withCode } from '../../lib/errors.js';
import type { Viewer } from '../auth/viewer.js';
import { packNotFound, requireVisiblePack } from '../catalogue/pack-guards.js';
import { findPackByAnyCase } from '../catalogue/pack-rows.js';
import { catalogueWrite } from '../catalogue/unit-of-work.js';
import type { NodeJson } from '../catalogue/wire.js';
import type { NodeRow } from '../nodes/repository.js';
import { presentPack } from '../packs/present.js';
import { memberRole } from '../publishers/repository.js';
import { deleteReview, findReview, refreshReviewTotals, upsertReview } from './repository.js';

/**
 * `POST /nodes/{id}/reviews?star=`: one review per user per pack (a second one replaces the
 * first); answers the pack with its new `rating` (total stars / reviews).
 */
export async function reviewPack(ctx: AppContext, viewer: Viewer, nodeId: string, star: number): Promise<NodeJson> {
  const node = await reviewableNode(ctx, nodeId);
  if (await isPublisherMember(ctx, node, viewer.id)) {
    throw withCode(
      forbidden('You cannot rate a pack of a publisher you belong to', 'ratings are for the people who use the pack'),
      'review.own_pack',
    );
  }
  await catalogueWrite(ctx, async ({ trx, touch }) => {
    await upsertReview(trx, node.id, viewer.id, star);
    await refreshReviewTotals(trx, node.id);
    touch(node.id);
  });
  const updated = await findPackByAnyCase(ctx.db, node.id);
  if (!updated) throw packNotFound();
  return presentPack(ctx, updated);
}

/** Owners and members of the pack's publisher rate nothing of theirs: ratings are other people's word. */
async function isPublisherMember(ctx: AppContext, node: NodeRow, userId: string): Promise<boolean> {
  return (await memberRole(ctx.db, node.publisher_id, userId)) !== null;
}

/** The pack reviews are about: 404 when unknown or deleted, 403 when banned. */
async function reviewableNode(ctx: AppContext, nodeId: string): Promise<NodeRow> {
  const node = requireVisiblePack(await findPackByAnyCase(ctx.db, nodeId));
  return node;
}

/** A pack's rating summary, with the caller's own review when signed in. */
export interface ReviewSummaryJson {
  rating: number;
  count: number;
  mine: { star: number; updated_at: string } | null;
  /** False for a signed-in owner or member of the pack's publisher, who may not rate it. */
  can_rate: boolean;
}

/** `GET /nodes/{id}/reviews`: average stars, number of reviews, and the viewer's own review. */
export async function reviewSummary(
  ctx: AppContext,
  viewer: Viewer | null,
  nodeId: string,
): Promise<ReviewSummaryJson> {
  const node = await reviewableNode(ctx, nodeId);
  const count = Number(node.total_review);
  const mine = viewer ? await findReview(ctx.db, node.id, viewer.id) : undefined;
  return {
    rating: count > 0 ? Number(node.total_star) / count : 0,
    count,
    mine: mine ? { star: Number(mine.star), updated_at: mine.updated_at } : null,
    can_rate: viewer ? !(await isPublisherMember(ctx, node, viewer.id)) : true,
  };
}

/** `DELETE /nodes/{id}/reviews`: withdraws the caller's review; answers the pack with its new rating. */
export async function withdrawReview(ctx: AppContext, viewer: Viewer, nodeId: string): Promise<NodeJson> {
  const node = await reviewableNode(ctx, nodeId);
  const removed = await catalogueWrite(ctx, async ({ trx, touch }) => {
    const gone = await deleteReview(trx, node.id, viewer.id);
    if (gone) {
      await refreshReviewTotals(trx, node.id);
      touch(node.id);
    }
    return gone;
  });
  if (!removed) throw notFound('Review not found');
  const updated = await findPackByAnyCase(ctx.db, node.id);
  if (!updated) throw packNotFound();
  return presentPack(ctx, updated);
}
