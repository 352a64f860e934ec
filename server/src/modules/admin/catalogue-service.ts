import type { AppContext } from '../../context.js';
import type { NodeStatus } from '../../db/schema.js';
import { pageEnvelope } from '../../lib/paging.js';
import type { NodesPageJson } from '../catalogue/wire.js';
import { presentNodes } from '../nodes/present.js';
import { adminCounts, pageOfNodes } from './repository.js';
import { reviewTimes } from './review-times.js';

export interface AdminNodeListQuery {
  statuses: NodeStatus[];
  q?: string | undefined;
  page: number;
  limit: number;
}

/** Every pack, banned and deleted ones too, filtered on the server by status and text (id or name). */
export async function listNodesForAdmin(ctx: AppContext, query: AdminNodeListQuery): Promise<NodesPageJson> {
  const { total, rows } = await pageOfNodes(
    ctx.db,
    { statuses: query.statuses, text: query.q?.trim().toLowerCase() },
    query,
  );
  return pageEnvelope('nodes', await presentNodes(ctx, rows, { includeStatusReason: true }), total, query);
}

/** Counts for the admin dashboard. */
export async function adminStats(ctx: AppContext) {
  const weekAgo = new Date(Date.now() - 7 * 24 * 60 * 60 * 1000).toISOString();
  const [counts, review] = await Promise.all([adminCounts(ctx.db, weekAgo), reviewTimes(ctx.db)]);
  return {
    pending_versions: counts.pending,
    flagged_versions: counts.flagged,
    banned_nodes: counts.banned,
    nodes_created_last_7_days: counts.recent,
    users: counts.users,
    publishers: counts.publishers,
    ...review,
  };
}
