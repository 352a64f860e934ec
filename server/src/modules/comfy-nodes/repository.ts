import type { Kysely, Selectable } from 'kysely';
import type { ComfyNodesTable, Database } from '../../db/schema.js';

/** A comfy-node row with the version string it was extracted from ('' for imported class names). */
export type ComfyNodeRow = Selectable<ComfyNodesTable> & { version: string };

function withVersion(db: Kysely<Database>) {
  return db
    .selectFrom('comfy_nodes')
    .leftJoin('node_versions', 'node_versions.id', 'comfy_nodes.node_version_id')
    .selectAll('comfy_nodes')
    .select((eb) => eb.fn.coalesce('node_versions.version', eb.val('')).as('version'));
}

/** Filter of the comfy-node listing; only packs that are neither banned nor deleted are listed. */
export interface ComfyNodeFilter {
  nodeId?: string | undefined;
  version?: string | undefined;
  name?: string | undefined;
}

function listed(db: Kysely<Database>, filter: ComfyNodeFilter) {
  let query = db
    .selectFrom('comfy_nodes')
    .innerJoin('nodes', 'nodes.id', 'comfy_nodes.node_id')
    .leftJoin('node_versions', 'node_versions.id', 'comfy_nodes.node_version_id')
    .where('nodes.status', '=', 'NodeStatusActive');
  if (filter.nodeId !== undefined) query = query.where('nodes.normalized_id', '=', filter.nodeId.toLowerCase());
  if (filter.version !== undefined) query = query.where('node_versions.version', '=', filter.version);
  if (filter.name !== undefined) query = query.where('comfy_nodes.name', '=', filter.name);
  return query;
}

/** How many comfy nodes the listing filter matches. */
export async function countComfyNodes(db: Kysely<Database>, filter: ComfyNodeFilter): Promise<number> {
  const row = await listed(db, filter)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** One page of the comfy-node listing, by pack, version, class name, then id. */
export function pageComfyNodes(
  db: Kysely<Database>,
  filter: ComfyNodeFilter,
  limit: number,
  offset: number,
): Promise<ComfyNodeRow[]> {
  return (
    listed(db, filter)
      .selectAll('comfy_nodes')
      .select((eb) => eb.fn.coalesce('node_versions.version', eb.val('')).as('version'))
      .orderBy('comfy_nodes.node_id')
      // Imported class names have no version; coalesce so both dialects put them first.
      .orderBy((eb) => eb.fn.coalesce('node_versions.version', eb.val('')))
      .orderBy('comfy_nodes.name')
      .orderBy('comfy_nodes.id')
      .limit(limit)
      .offset(offset)
      .execute()
  );
}

/** Comfy nodes extracted from one version, by name. */
export function pageComfyNodesOfVersion(
  db: Kysely<Database>,
  versionId: string,
  limit: number,
  offset: number,
): Promise<ComfyNodeRow[]> {
  return withVersion(db)
    .where('comfy_nodes.node_version_id', '=', versionId)
    .orderBy('comfy_nodes.name')
    .orderBy('comfy_nodes.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** How many comfy nodes were extracted from one version. */
export async function countComfyNodesOfVersion(db: Kysely<Database>, versionId: string): Promise<number> {
  const row = await db
    .selectFrom('comfy_nodes')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('node_version_id', '=', versionId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** One comfy node of a version by class name. */
export function findComfyNodeOfVersion(
  db: Kysely<Database>,
  versionId: string,
  name: string,
): Promise<ComfyNodeRow | undefined> {
  return withVersion(db)
    .where('comfy_nodes.node_version_id', '=', versionId)
    .where('comfy_nodes.name', '=', name)
    .executeTakeFirst();
}

/** Which packs (and versions; null for imported class names) have a comfy node of this name. */
export function findClassOwners(
  db: Kysely<Database>,
  name: string,
): Promise<{ node_id: string; node_version_id: string | null }[]> {
  return db.selectFrom('comfy_nodes').select(['node_id', 'node_version_id']).where('name', '=', name).execute();
}

/** How many node classes were read from each version's archive, by version id (absent: none). */
export async function countArchiveNodes(db: Kysely<Database>, versionIds: string[]): Promise<Map<string, number>> {
  if (versionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('comfy_nodes')
    .select(['node_version_id', (eb) => eb.fn.countAll().as('n')])
    .where('node_version_id', 'in', versionIds)
    .where('source', '=', 'archive')
    .groupBy('node_version_id')
    .execute();
  return new Map(rows.flatMap((r) => (r.node_version_id ? [[r.node_version_id, Number(r.n)] as const] : [])));
}
