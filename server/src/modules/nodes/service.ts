import type { AppContext } from '../../context.js';
import { pageEnvelope, pageOffset } from '../../lib/paging.js';
import type { NodeJson, NodesPageJson } from '../catalogue/wire.js';
import { findWithheldPackIds } from '../catalogue/withheld.js';
import { orderSnapshots } from './cache/catalogue-cache.js';
import { isDefaultOrder } from './list-order.js';
import type { NodeListRequest } from './list-query.js';
import { findReadableNode, type NodeAccess } from './node-access.js';
import { presentNode, presentNodes } from './present.js';
import { findListedNodesByIds, type ListedNodeRow, orderedNodeIds } from './repository.js';

/**
 * One catalogue page: `{total, nodes, page, limit, totalPages}`. Pages past the end are empty
 * rather than an error, so a client walking to `totalPages` never trips over a shrinking catalogue.
 *
 * The page is a slice of the listing's ordered ids (one read per catalogue change, shared by every
 * page and page size), so deep pages cost what the first one does and no `count(*)` runs per page.
 */
export async function listNodes(ctx: AppContext, request: NodeListRequest): Promise<NodesPageJson> {
  // The default order moves only with catalogue changes and the UTC day (see `defaultOrder`).
  const ageless = isDefaultOrder(request.order);
  const key = ageless ? `${request.listingKey}@${new Date().toISOString().slice(0, 10)}` : request.listingKey;
  const ids = await orderSnapshots(ctx).get(key, () => orderedNodeIds(ctx.db, request.filter, request.order), ageless);
  const total = ids.length;
  const offset = pageOffset(request);
  const pageIds = offset < total ? ids.slice(offset, offset + request.limit) : [];
  const byId = new Map((await findListedNodesByIds(ctx.db, pageIds)).map((row) => [row.id, row]));
  // A pack that changed status since the snapshot was read is left out rather than shown.
  const rows = pageIds
    .map((id) => byId.get(id))
    .filter((row): row is ListedNodeRow => row !== undefined && request.filter.statuses.includes(row.status));
  const nodes = await presentNodes(ctx, rows, { includeStatusReason: false });
  return pageEnvelope('nodes', nodes, total, request);
}

/** One pack with its publisher and latest version (with `status_reason`). */
export async function getNode(
  ctx: AppContext,
  nodeId: string,
  options: NodeAccess & { includeTranslations: boolean },
): Promise<NodeJson> {
  const row = await findReadableNode(ctx.db, nodeId, options);
  const node = await presentNode(ctx, row, {
    includeStatusReason: true,
    includeTranslations: options.includeTranslations,
  });
  // A withheld pack names no repository either: a client that finds no `latest_version` may
  // install the repository's head instead (catalogue/withheld.ts).
  if ((await findWithheldPackIds(ctx.db, [row])).has(row.id)) return { ...node, repository: '' };
  return node;
}
