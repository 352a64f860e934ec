import type { AppContext } from '../../context.js';
import type { NodeJson, NodesPageJson } from '../catalogue/wire.js';
import type { NodeListRequest } from './list-query.js';
import { findReadableNode, type NodeAccess } from './node-access.js';
import { presentNode, presentNodes } from './present.js';
import { countNodes, pageNodes } from './repository.js';

/**
 * One catalogue page: `{total, nodes, page, limit, totalPages}`. Pages past the end are empty
 * rather than an error, so a client walking to `totalPages` never trips over a shrinking catalogue.
 */
export async function listNodes(ctx: AppContext, request: NodeListRequest): Promise<NodesPageJson> {
  const offset = (request.page - 1) * request.limit;
  const [total, rows] = await Promise.all([
    countNodes(ctx.db, request.filter),
    pageNodes(ctx.db, request.filter, request.order, request.limit, offset),
  ]);
  const nodes = await presentNodes(ctx, rows, { includeStatusReason: false });
  return { total, nodes, page: request.page, limit: request.limit, totalPages: Math.ceil(total / request.limit) };
}

/** One pack with its publisher and latest version (with `status_reason`). */
export async function getNode(
  ctx: AppContext,
  nodeId: string,
  options: NodeAccess & { includeTranslations: boolean },
): Promise<NodeJson> {
  const row = await findReadableNode(ctx.db, nodeId, options);
  return presentNode(ctx, row, { includeStatusReason: true, includeTranslations: options.includeTranslations });
}
