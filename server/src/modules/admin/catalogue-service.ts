import { type SqlBool, sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { NodeStatus } from '../../db/schema.js';
import type { NodesPageJson } from '../catalogue/wire.js';
import { presentNodes } from '../nodes/present.js';

export interface AdminNodeListQuery {
  statuses: NodeStatus[];
  q?: string | undefined;
  page: number;
  limit: number;
}

/** Every pack, banned and deleted ones too, filtered on the server by status and text (id or name). */
export async function listNodesForAdmin(ctx: AppContext, query: AdminNodeListQuery): Promise<NodesPageJson> {
  let base = ctx.db.selectFrom('nodes').where('status', 'in', query.statuses);
  const text = query.q?.trim().toLowerCase();
  if (text) {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where(
      sql<SqlBool>`(normalized_id like ${pattern} escape '\\' or lower(name) like ${pattern} escape '\\')`,
    );
  }
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
  ]);
  const total = Number(count?.n ?? 0);
  return {
    total,
    nodes: await presentNodes(ctx, rows, { includeStatusReason: true }),
    page: query.page,
    limit: query.limit,
    totalPages: Math.ceil(total / query.limit),
  };
}

/** Counts for the admin dashboard. */
export async function adminStats(ctx: AppContext) {
  const weekAgo = new Date(Date.now() - 7 * 24 * 60 * 60 * 1000).toISOString();
  const count = async (query: { executeTakeFirst(): Promise<{ n: unknown } | undefined> }) =>
    Number((await query.executeTakeFirst())?.n ?? 0);
  const versions = (status: 'NodeVersionStatusPending' | 'NodeVersionStatusFlagged') =>
    ctx.db
      .selectFrom('node_versions')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('status', '=', status);
  const [pending, flagged, banned, recent, users, publishers] = await Promise.all([
    count(versions('NodeVersionStatusPending')),
    count(versions('NodeVersionStatusFlagged')),
    count(
      ctx.db
        .selectFrom('nodes')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', '=', 'NodeStatusBanned'),
    ),
    count(
      ctx.db
        .selectFrom('nodes')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('created_at', '>=', weekAgo),
    ),
    count(ctx.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n'))),
    count(ctx.db.selectFrom('publishers').select((eb) => eb.fn.countAll().as('n'))),
  ]);
  return {
    pending_versions: pending,
    flagged_versions: flagged,
    banned_nodes: banned,
    nodes_created_last_7_days: recent,
    users,
    publishers,
  };
}
