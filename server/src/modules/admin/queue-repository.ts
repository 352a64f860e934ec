import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, NodeVersionStatus } from '../../db/schema.js';
import { containsAny, lower } from '../../lib/sql-like.js';

type Db = Kysely<Database> | Transaction<Database>;

/** What the review queue is filtered by. */
export interface QueueFilter {
  statuses: NodeVersionStatus[];
  nodeId?: string | undefined;
  /** Lower-cased text that the status reason, node id or node name must contain. */
  text?: string | undefined;
  order: 'oldest' | 'newest';
}

function filtered(db: Db, filter: QueueFilter) {
  let query = db
    .selectFrom('node_versions as v')
    .innerJoin('nodes as n', 'n.id', 'v.node_id')
    .where('v.status', 'in', filter.statuses);
  if (filter.nodeId !== undefined) query = query.where('n.normalized_id', '=', filter.nodeId.toLowerCase());
  if (filter.text !== undefined) {
    query = query.where(
      containsAny([lower('v.status_reason'), sql.ref('n.normalized_id'), lower('n.name')], filter.text),
    );
  }
  return query;
}

export async function countQueue(db: Db, filter: QueueFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** One page of the queue with each version's pack name, repository and publisher. */
export function pageQueue(db: Db, filter: QueueFilter, limit: number, offset: number) {
  const direction = filter.order === 'oldest' ? 'asc' : 'desc';
  return filtered(db, filter)
    .leftJoin('storage_files as f', 'f.id', 'v.storage_file_id')
    .selectAll('v')
    .select([
      'f.storage_key',
      'n.name as node_name',
      'n.repository_url as node_repository',
      'n.publisher_id as node_publisher_id',
    ])
    .orderBy('v.created_at', direction)
    .orderBy('v.id', direction)
    .limit(limit)
    .offset(offset)
    .execute();
}

/**
 * The findings each earlier-approved version of these packs was flagged with: the reasons of
 * history rows that flagged a version which is Active now.
 */
export function approvedFlagReasons(db: Db, nodeIds: string[]) {
  if (nodeIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('node_version_status_history as h')
    .innerJoin('node_versions as v', 'v.id', 'h.node_version_id')
    .select(['v.node_id', 'v.id as version_id', 'v.created_at as version_created_at', 'h.to_reason'])
    .where('v.node_id', 'in', nodeIds)
    .where('v.status', '=', 'NodeVersionStatusActive')
    .where('h.to_status', '=', 'NodeVersionStatusFlagged')
    .execute();
}
