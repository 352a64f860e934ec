import type { Kysely, Transaction } from 'kysely';
import type { Database, NodeStatus } from '../../db/schema.js';
import type { NodeRow } from '../nodes/repository.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A publisher's packs with one of the statuses, by id regardless of case; all when no limit. */
export function listNodesOfPublisher(
  db: Db,
  publisherId: string,
  statuses: NodeStatus[],
  page?: { limit: number; offset: number },
): Promise<NodeRow[]> {
  let query = db
    .selectFrom('nodes')
    .selectAll()
    .where('publisher_id', '=', publisherId)
    .where('status', 'in', statuses)
    .orderBy('normalized_id');
  if (page) query = query.limit(page.limit).offset(page.offset);
  return query.execute();
}

/** How many of a publisher's packs have one of the statuses. */
export async function countNodesOfPublisher(db: Db, publisherId: string, statuses: NodeStatus[]): Promise<number> {
  const row = await db
    .selectFrom('nodes')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('publisher_id', '=', publisherId)
    .where('status', 'in', statuses)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
