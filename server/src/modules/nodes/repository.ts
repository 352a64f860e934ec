import type { Expression, Kysely, Selectable, SqlBool, Transaction } from 'kysely';
import type { Database, NodeStatus, NodesTable } from '../../db/schema.js';
import { containsAny, lower } from '../../lib/sql-like.js';
import { notWithheld } from '../catalogue/withheld.js';

export type NodeRow = Selectable<NodesTable>;
type Db = Kysely<Database> | Transaction<Database>;

/**
 * The pack another id of it names (the public registry's id, the Manager's id, the id derived
 * from the repository name), or undefined. Only consulted when no pack has the id itself.
 */
export async function findPackIdByAlias(db: Db, alias: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('pack_aliases')
    .select('node_id')
    .where('alias', '=', alias.toLowerCase())
    .executeTakeFirst();
  return row?.node_id;
}

/** Packs by exact id. */
export async function findNodesByIds(db: Db, ids: string[]): Promise<NodeRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('nodes').selectAll().where('id', 'in', ids).execute();
}

/** A pack row with its publisher's name, as catalogue pages list it. */
export type ListedNodeRow = NodeRow & { publisher_name: string };

/** Packs by exact id with their publishers' names, in one query (a catalogue page reads 30 at a time). */
export async function findListedNodesByIds(db: Db, ids: string[]): Promise<ListedNodeRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('nodes')
    .innerJoin('publishers', 'publishers.id', 'nodes.publisher_id')
    .selectAll('nodes')
    .select('publishers.name as publisher_name')
    .where('nodes.id', 'in', ids)
    .execute();
}

/** Packs by id, matched case-insensitively. */
export async function findNodesByAnyCase(db: Db, ids: string[]): Promise<NodeRow[]> {
  if (ids.length === 0) return [];
  const normalized = [...new Set(ids.map((id) => id.toLowerCase()))];
  return db.selectFrom('nodes').selectAll().where('normalized_id', 'in', normalized).execute();
}

/** `{id, name}` of the given publishers. */
export async function findPublisherRefs(db: Db, ids: string[]): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('publishers').select(['id', 'name']).where('id', 'in', ids).execute();
}

/** What a catalogue page is filtered by. */
export interface NodeFilter {
  statuses: NodeStatus[];
  /** Lower-cased ids. */
  normalizedIds?: string[] | undefined;
  /** Each entry matches packs whose declared list mentions it (case-insensitive). */
  supportedOs?: string[] | undefined;
  supportedAccelerators?: string[] | undefined;
  /** ISO timestamp: packs created or updated after it. */
  changedAfter?: string | undefined;
}

/** One ORDER BY term: an SQL expression over `nodes` and a direction. */
export interface NodeOrderTerm {
  expression: Expression<unknown>;
  direction: 'asc' | 'desc';
}

/**
 * The ids of every pack matching the filter, in the given order: what a listing's pages are cut
 * from. For the default order they come from the order index alone (an index-only scan on
 * PostgreSQL), without reading whole rows.
 */
export async function orderedNodeIds(db: Db, filter: NodeFilter, order: NodeOrderTerm[]): Promise<string[]> {
  // Today's installs per pack, for the default order's downloads at the start of the day (a
  // handful of rows, read once per listing rather than looked up per pack).
  const day = new Date().toISOString().slice(0, 10);
  const todaysInstalls = db
    .selectFrom('download_counts')
    .select((eb) => ['node_id', eb.fn.sum<number>('count').as('installs')])
    .where('day', '=', day)
    .groupBy('node_id')
    .as('todays_installs');
  let query = filtered(db, filter)
    .leftJoin(todaysInstalls, 'todays_installs.node_id', 'nodes.id')
    .select('nodes.id as id');
  for (const term of order) query = query.orderBy(term.expression, term.direction);
  const rows = await query.execute();
  return rows.map((row) => row.id);
}

function filtered(db: Db, filter: NodeFilter) {
  return db.selectFrom('nodes').where((eb) => {
    // Withheld packs are never listed (catalogue/withheld.ts): a client walking the catalogue
    // would take one without `latest_version` for a nightly pack and clone its repository.
    const conditions: Expression<SqlBool>[] = [eb('status', 'in', filter.statuses), notWithheld(eb)];
    if (filter.normalizedIds) conditions.push(eb('normalized_id', 'in', filter.normalizedIds));
    if (filter.supportedOs) conditions.push(eb.or(filter.supportedOs.map((os) => mentions('supported_os', os))));
    if (filter.supportedAccelerators) {
      conditions.push(eb.or(filter.supportedAccelerators.map((a) => mentions('supported_accelerators', a))));
    }
    if (filter.changedAfter) {
      conditions.push(eb.or([eb('created_at', '>', filter.changedAfter), eb('updated_at', '>', filter.changedAfter)]));
    }
    return eb.and(conditions);
  });
}

/** A JSON list column whose text contains the value, case-insensitively (LIKE wildcards escaped). */
function mentions(column: 'supported_os' | 'supported_accelerators', value: string): Expression<SqlBool> {
  return containsAny([lower(column)], value.toLowerCase());
}
