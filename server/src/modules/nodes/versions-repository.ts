import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, NodeVersionStatus, NodeVersionsTable } from '../../db/schema.js';
import { containsAny, lower } from '../../lib/sql-like.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A version row with the storage key of its archive (null while none is stored). */
export type VersionRow = Selectable<NodeVersionsTable> & { storage_key: string | null };

function withFile(db: Db) {
  return db
    .selectFrom('node_versions')
    .leftJoin('storage_files', 'storage_files.id', 'node_versions.storage_file_id')
    .selectAll('node_versions')
    .select('storage_files.storage_key');
}

/** Versions by id (any pack). */
export async function findVersionsByIds(db: Db, ids: string[]): Promise<VersionRow[]> {
  if (ids.length === 0) return [];
  return withFile(db).where('node_versions.id', 'in', ids).execute();
}

/** One version of a pack by its normalised version string. */
export function findVersion(db: Db, nodeId: string, version: string): Promise<VersionRow | undefined> {
  return withFile(db)
    .where('node_versions.node_id', '=', nodeId)
    .where('node_versions.version', '=', version)
    .executeTakeFirst();
}

/** Versions of several packs whose version string is one of `versions` (for bulk lookups). */
export async function findVersionsOfNodes(db: Db, nodeIds: string[], versions: string[]): Promise<VersionRow[]> {
  if (nodeIds.length === 0 || versions.length === 0) return [];
  return withFile(db)
    .where('node_versions.node_id', 'in', nodeIds)
    .where('node_versions.version', 'in', versions)
    .execute();
}

/** Every version of a pack with one of the statuses (unordered: callers sort by semver). */
export function listVersionsOfNode(db: Db, nodeId: string, statuses: NodeVersionStatus[]): Promise<VersionRow[]> {
  return withFile(db)
    .where('node_versions.node_id', '=', nodeId)
    .where('node_versions.status', 'in', statuses)
    .execute();
}

/** Filter and order of the all-versions listing. */
export interface AllVersionsFilter {
  statuses: NodeVersionStatus[];
  nodeId?: string | undefined;
  /** Lower-cased text that `status_reason` must contain. */
  statusReasonContains?: string | undefined;
  order: 'newest' | 'oldest';
}

function filteredAll(db: Db, filter: AllVersionsFilter) {
  let query = db.selectFrom('node_versions').where('node_versions.status', 'in', filter.statuses);
  if (filter.nodeId !== undefined) query = query.where('node_versions.node_id', '=', filter.nodeId);
  if (filter.statusReasonContains !== undefined) {
    query = query.where(containsAny([lower('node_versions.status_reason')], filter.statusReasonContains));
  }
  return query;
}

/** How many versions match the all-versions filter. */
export async function countAllVersions(db: Db, filter: AllVersionsFilter): Promise<number> {
  const row = await filteredAll(db, filter)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** One page of the all-versions listing; creation time then id keep the order total. */
export function pageAllVersions(
  db: Db,
  filter: AllVersionsFilter,
  limit: number,
  offset: number,
): Promise<VersionRow[]> {
  const direction = filter.order === 'newest' ? 'desc' : 'asc';
  return filteredAll(db, filter)
    .leftJoin('storage_files', 'storage_files.id', 'node_versions.storage_file_id')
    .selectAll('node_versions')
    .select('storage_files.storage_key')
    .orderBy('node_versions.created_at', direction)
    .orderBy('node_versions.id', direction)
    .limit(limit)
    .offset(offset)
    .execute();
}
