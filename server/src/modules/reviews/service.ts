import type { AppContext } from '../../context.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { Viewer } from '../auth/viewer.js';
import { announceCatalogueChange, recordCatalogueChange } from '../catalogue/changes.js';
import type { NodeJson } from '../catalogue/wire.js';
import { findNodeByAnyCase } from '../nodes/repository.js';
import { presentPack } from '../packs/present.js';
import { refreshReviewTotals, upsertReview } from './repository.js';

/**
 * `POST /nodes/{id}/reviews?star=`: one review per user per pack (a second one replaces the
 * first); answers the pack with its new `rating` (total stars / reviews).
 */
export async function reviewPack(ctx: AppContext, viewer: Viewer, nodeId: string, star: number): Promise<NodeJson> {
  const node = await findNodeByAnyCase(ctx.db, nodeId);
  if (!node || node.status === 'NodeStatusDeleted') throw notFound('Node not found');
  if (node.status === 'NodeStatusBanned') throw forbidden('Node Banned');
  await ctx.db.transaction().execute(async (trx) => {
    await upsertReview(trx, node.id, viewer.id, star);
    await refreshReviewTotals(trx, node.id);
    await recordCatalogueChange(trx, [node.id]);
  });
  announceCatalogueChange(ctx.events, [node.id]);
  const updated = await findNodeByAnyCase(ctx.db, node.id);
  if (!updated) throw notFound('Node not found');
  return presentPack(ctx, updated);
}
