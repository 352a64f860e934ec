import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import { chunks, IDS_PER_QUERY, rowsPerInsert } from '../../db/batch.js';
import type { ComfyNodesTable, Database, NodesTable, PackAliasesTable, PackAliasSource } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';
import { UNCLAIMED_PUBLISHER_ID } from '../catalogue/wire.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The columns of an existing pack the importer compares against. */
export type ExistingNode = Pick<
  Selectable<NodesTable>,
  | 'id'
  | 'normalized_id'
  | 'publisher_id'
  | 'name'
  | 'description'
  | 'author'
  | 'repository_url'
  | 'normalized_repository'
  | 'tags'
  | 'github_stars'
>;

/** Creates the reserved publisher that holds unclaimed packs, if it is not there yet. */
export async function ensureUnclaimedPublisher(db: Db): Promise<void> {
  await db
    .insertInto('publishers')
    .values({ id: UNCLAIMED_PUBLISHER_ID, name: 'Unclaimed' })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Existing packs by normalised id, for the given normalised ids. */
export async function findNodesByNormalizedId(db: Db, normalizedIds: string[]): Promise<Map<string, ExistingNode>> {
  const found = new Map<string, ExistingNode>();
  for (const slice of chunks(normalizedIds, IDS_PER_QUERY)) {
    const rows = await db
      .selectFrom('nodes')
      .select([
        'id',
        'normalized_id',
        'publisher_id',
        'name',
        'description',
        'author',
        'repository_url',
        'normalized_repository',
        'tags',
        'github_stars',
      ])
      .where('normalized_id', 'in', slice)
      .execute();
    for (const row of rows) found.set(row.normalized_id, row);
  }
  return found;
}

/** Normalised repository → id of packs that belong to a real publisher. */
export async function findPublishedRepositories(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('nodes')
    .select(['id', 'normalized_repository'])
    .where('publisher_id', '!=', UNCLAIMED_PUBLISHER_ID)
    .where('normalized_repository', '!=', '')
    .orderBy('id')
    .execute();
  const map = new Map<string, string>();
  for (const row of rows) if (!map.has(row.normalized_repository)) map.set(row.normalized_repository, row.id);
  return map;
}

/** Normalised ids of every pack under the unclaimed publisher. */
export async function listUnclaimedNormalizedIds(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('nodes')
    .select('normalized_id')
    .where('publisher_id', '=', UNCLAIMED_PUBLISHER_ID)
    .execute();
  return rows.map((r) => r.normalized_id);
}

/** Class names an earlier import stored, per pack: node id → name → row id. */
export async function findImportedClassNames(db: Db, nodeIds: string[]): Promise<Map<string, Map<string, string>>> {
  const byNode = new Map<string, Map<string, string>>();
  for (const slice of chunks(nodeIds, IDS_PER_QUERY)) {
    const rows = await db
      .selectFrom('comfy_nodes')
      .select(['id', 'node_id', 'name'])
      .where('source', '=', 'manager-import')
      .where('node_id', 'in', slice)
      .execute();
    for (const row of rows) {
      const names = byNode.get(row.node_id) ?? new Map<string, string>();
      names.set(row.name, row.id);
      byNode.set(row.node_id, names);
    }
  }
  return byNode;
}

/** Inserts packs in multi-row batches. */
export async function insertNodes(db: Db, rows: Insertable<NodesTable>[]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  for (const slice of chunks(rows, rowsPerInsert(Object.keys(first).length))) {
    await db.insertInto('nodes').values(slice).execute();
  }
}

/** The pack fields an import may change. */
export type NodePatch = Partial<
  Pick<
    Insertable<NodesTable>,
    'name' | 'description' | 'author' | 'repository_url' | 'normalized_repository' | 'tags' | 'github_stars'
  >
>;

/** Applies an import's changes to one pack. */
export async function updateNode(db: Db, id: string, patch: NodePatch): Promise<void> {
  await db
    .updateTable('nodes')
    .set({ ...patch, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** Inserts class-name rows in multi-row batches. */
export async function insertClassNames(db: Db, rows: Insertable<ComfyNodesTable>[]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  for (const slice of chunks(rows, rowsPerInsert(Object.keys(first).length))) {
    await db.insertInto('comfy_nodes').values(slice).execute();
  }
}

/** Deletes class-name rows by id. */
export async function deleteClassNames(db: Db, ids: string[]): Promise<void> {
  for (const slice of chunks(ids, IDS_PER_QUERY)) {
    await db.deleteFrom('comfy_nodes').where('id', 'in', slice).execute();
  }
}

/**
 * Makes `core_comfy_nodes` hold exactly `names`: names no longer listed are deleted, new ones
 * inserted, the others left as they are (so an unchanged list writes nothing).
 */
export async function replaceCoreClassNames(db: Db, names: string[]): Promise<{ added: number; removed: number }> {
  const wanted = new Set(names);
  const current = new Set((await db.selectFrom('core_comfy_nodes').select('name').execute()).map((r) => r.name));
  const removed = [...current].filter((name) => !wanted.has(name));
  const added = [...wanted].filter((name) => !current.has(name));
  for (const slice of chunks(removed, IDS_PER_QUERY)) {
    await db.deleteFrom('core_comfy_nodes').where('name', 'in', slice).execute();
  }
  const updated_at = nowIso();
  for (const slice of chunks(added, rowsPerInsert(3))) {
    await db
      .insertInto('core_comfy_nodes')
      .values(slice.map((name) => ({ name, source: 'manager-import' as const, updated_at })))
      .execute();
  }
  return { added: added.length, removed: removed.length };
}

/** Every pack's normalised id: an alias may never be one of them. */
export async function findAllNormalizedIds(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('nodes').select('normalized_id').execute();
  return new Set(rows.map((r) => r.normalized_id));
}

/** The aliases an import manages (from the Manager's list), with their packs. */
export async function findImportedAliases(db: Db): Promise<Map<string, { node_id: string; source: PackAliasSource }>> {
  const rows = await db
    .selectFrom('pack_aliases')
    .select(['alias', 'node_id', 'source'])
    .where('source', 'in', ['manager', 'repository'])
    .execute();
  return new Map(rows.map((r) => [r.alias, { node_id: r.node_id, source: r.source }]));
}

export async function deleteAliases(db: Db, aliases: string[]): Promise<void> {
  for (const slice of chunks(aliases, IDS_PER_QUERY)) {
    await db.deleteFrom('pack_aliases').where('alias', 'in', slice).execute();
  }
}

export async function insertAliases(db: Db, rows: Insertable<PackAliasesTable>[]): Promise<void> {
  for (const slice of chunks(rows, rowsPerInsert(4))) await db.insertInto('pack_aliases').values(slice).execute();
}

/** Imported `nodename_pattern` rows: node id → pattern. */
export async function findImportedPatterns(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('pack_class_patterns')
    .select(['node_id', 'pattern'])
    .where('source', '=', 'manager-import')
    .execute();
  return new Map(rows.map((r) => [r.node_id, r.pattern]));
}

/** Makes the imported patterns exactly `wanted` (node id → pattern); returns how many changed. */
export async function replaceImportedPatterns(db: Db, wanted: Map<string, string>): Promise<number> {
  const current = await findImportedPatterns(db);
  const stale = [...current].filter(([nodeId, pattern]) => wanted.get(nodeId) !== pattern).map(([nodeId]) => nodeId);
  const fresh = [...wanted].filter(([nodeId, pattern]) => current.get(nodeId) !== pattern);
  for (const slice of chunks(stale, IDS_PER_QUERY)) {
    await db
      .deleteFrom('pack_class_patterns')
      .where('source', '=', 'manager-import')
      .where('node_id', 'in', slice)
      .execute();
  }
  for (const slice of chunks(fresh, rowsPerInsert(3))) {
    await db
      .insertInto('pack_class_patterns')
      .values(slice.map(([node_id, pattern]) => ({ node_id, pattern, source: 'manager-import' as const })))
      .execute();
  }
  return stale.length + fresh.length;
}

/** Which of these aliases exist (from any source). */
export async function findAliasesIn(db: Db, aliases: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const slice of chunks(aliases, IDS_PER_QUERY)) {
    const rows = await db.selectFrom('pack_aliases').select('alias').where('alias', 'in', slice).execute();
    found.push(...rows.map((r) => r.alias));
  }
  return found;
}
