import type { Kysely, Transaction } from 'kysely';
import { appliedMigrations } from '../../db/migrate.js';
import type { Database } from '../../db/schema.js';
import { parseJsonArray } from '../../db/values.js';
import type { PopularityFigures, SearchDocument } from '../../engines/search-index/document.js';
import type { CatalogueMark } from '../../engines/search-index/index-file.js';
import { DEFAULT_SEARCH_RANKING } from '../catalogue/serialize.js';
import { notWithheld } from '../catalogue/withheld.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Ids per `IN (...)` list: well inside SQLite's and PostgreSQL's parameter limits. */
export const IDS_PER_QUERY = 500;

/**
 * Index documents for every pack that is neither deleted nor withheld (`ids` absent), or for the given packs.
 * A pack asked for but missing from the answer is deleted or gone.
 */
export async function loadSearchDocuments(db: Db, ids?: readonly string[]): Promise<SearchDocument[]> {
  if (ids && ids.length === 0) return [];
  return loadDocuments(db, ids ? { ids } : undefined);
}

/**
 * One batch of a full load: index documents of up to `limit` packs that are not deleted, with
 * ids after `afterId` (all when null), in id order. Loading the catalogue batch by batch keeps
 * the rows of only one batch in memory at a time.
 */
export function loadSearchDocumentsAfter(db: Db, afterId: string | null, limit: number): Promise<SearchDocument[]> {
  return loadDocuments(db, { afterId, limit });
}

type Selection = { ids: readonly string[] } | { afterId: string | null; limit: number };

async function loadDocuments(db: Db, selection: Selection | undefined): Promise<SearchDocument[]> {
  let packs = db
    .selectFrom('nodes')
    .innerJoin('publishers', 'publishers.id', 'nodes.publisher_id')
    .select([
      'nodes.id',
      'nodes.name',
      'nodes.description',
      'nodes.author',
      'nodes.publisher_id',
      'publishers.name as publisher_name',
      'nodes.tags',
      'nodes.tags_admin',
      'nodes.repository_url',
      'nodes.normalized_repository',
      'nodes.supported_os',
      'nodes.supported_accelerators',
      'nodes.status',
      'nodes.latest_version_id',
      'nodes.search_ranking',
      'nodes.downloads',
      'nodes.github_stars',
      'nodes.created_at',
      'nodes.updated_at',
    ])
    .where('nodes.status', '!=', 'NodeStatusDeleted')
    // Withheld packs (versions, none installable) are never found: search offers what GET /nodes
    // lists (catalogue/withheld.ts); a pack asked for by id and left out here leaves the index.
    .where(notWithheld);
  if (selection && 'ids' in selection) packs = packs.where('nodes.id', 'in', [...selection.ids]);
  if (selection && 'afterId' in selection) {
    const { afterId } = selection;
    if (afterId !== null) packs = packs.where('nodes.id', '>', afterId);
    packs = packs.orderBy('nodes.id').limit(selection.limit);
  }

  // Class names of each pack's latest version, and the imported catalogue's (no version) for packs
  // without one.
  let classes = db
    .selectFrom('comfy_nodes')
    .innerJoin('nodes', 'nodes.id', 'comfy_nodes.node_id')
    .select(['comfy_nodes.node_id', 'comfy_nodes.name', 'comfy_nodes.display_name', 'comfy_nodes.node_version_id'])
    .where('nodes.status', '!=', 'NodeStatusDeleted')
    .where((eb) =>
      eb.or([
        eb('comfy_nodes.node_version_id', 'is', null),
        eb('comfy_nodes.node_version_id', '=', eb.ref('nodes.latest_version_id')),
      ]),
    );
  let packRows: Awaited<ReturnType<typeof packs.execute>>;
  let classRows: Awaited<ReturnType<typeof classes.execute>>;
  if (selection && 'afterId' in selection) {
    // The batch's packs first, then the class names of exactly their id range. The batch says
    // which packs are listed and which version is their latest, so the class rows are read
    // without joining each to its pack (a third less CPU for the 320k rows at 100k packs).
    packRows = await packs.execute();
    const first = packRows[0]?.id;
    const last = packRows.at(-1)?.id;
    if (first === undefined || last === undefined) return [];
    const latest = new Map(packRows.map((row) => [row.id, row.latest_version_id]));
    const inRange = await db
      .selectFrom('comfy_nodes')
      .select(['comfy_nodes.node_id', 'comfy_nodes.name', 'comfy_nodes.display_name', 'comfy_nodes.node_version_id'])
      .where('comfy_nodes.node_id', '>=', first)
      .where('comfy_nodes.node_id', '<=', last)
      .execute();
    classRows = inRange.filter(
      (row) =>
        latest.has(row.node_id) && (row.node_version_id === null || row.node_version_id === latest.get(row.node_id)),
    );
  } else {
    if (selection) classes = classes.where('comfy_nodes.node_id', 'in', [...selection.ids]);
    [packRows, classRows] = await Promise.all([packs.execute(), classes.execute()]);
  }
  const fromVersion = new Map<string, SearchDocument['comfyNodes']>();
  const imported = new Map<string, SearchDocument['comfyNodes']>();
  for (const row of classRows) {
    const target = row.node_version_id === null ? imported : fromVersion;
    const list = target.get(row.node_id);
    const entry = { name: row.name, displayName: row.display_name };
    if (list) list.push(entry);
    else target.set(row.node_id, [entry]);
  }
  // Sorted here rather than in SQL: cheap per pack, while PostgreSQL would sort every row at once.
  const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  for (const list of fromVersion.values()) list.sort(byName);
  for (const list of imported.values()) list.sort(byName);
  return packRows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    author: row.author,
    publisherId: row.publisher_id,
    publisherName: row.publisher_name,
    tags: [...parseJsonArray(row.tags), ...parseJsonArray(row.tags_admin)],
    repository: row.repository_url,
    normalizedRepository: row.normalized_repository,
    // Once a pack has an installable version its classes are that version's (catalogue/withheld.ts).
    comfyNodes: (row.latest_version_id === null ? imported.get(row.id) : fromVersion.get(row.id)) ?? [],
    supportedOs: parseJsonArray(row.supported_os),
    supportedAccelerators: parseJsonArray(row.supported_accelerators),
    banned: row.status === 'NodeStatusBanned',
    searchRanking: row.search_ranking ?? DEFAULT_SEARCH_RANKING,
    downloads: Number(row.downloads),
    stars: Number(row.github_stars),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
}

/** Ranking and popularity of every pack that is not deleted. */
export async function loadPopularity(db: Db): Promise<PopularityFigures[]> {
  const rows = await db
    .selectFrom('nodes')
    .select(['id', 'search_ranking', 'downloads', 'github_stars'])
    .where('status', '!=', 'NodeStatusDeleted')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    searchRanking: r.search_ranking ?? DEFAULT_SEARCH_RANKING,
    downloads: Number(r.downloads),
    stars: Number(r.github_stars),
  }));
}

/** One entry of the change feed. */
export interface CatalogueChange {
  id: number;
  nodeId: string;
}

/** Changes after `afterId`, plus any of the `missing` ids that have appeared since, oldest first. */
export async function readChanges(
  db: Db,
  afterId: number,
  missing: readonly number[],
  limit: number,
): Promise<CatalogueChange[]> {
  const rows = await db
    .selectFrom('catalogue_changes')
    .select(['id', 'node_id'])
    .where((eb) =>
      missing.length > 0 ? eb.or([eb('id', '>', afterId), eb('id', 'in', [...missing])]) : eb('id', '>', afterId),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), nodeId: r.node_id }));
}

/**
 * The mark a saved index is checked against (see `CatalogueMark`): the time of change
 * `watermark` and the migrations applied. Null when the feed has no such change.
 */
export async function catalogueMark(db: Db, watermark: number): Promise<CatalogueMark | null> {
  const change = await db
    .selectFrom('catalogue_changes')
    .select('created_at')
    .where('id', '=', watermark)
    .executeTakeFirst();
  if (!change) return null;
  return {
    watermark,
    watermarkAt: String(change.created_at),
    migrations: (await appliedMigrations<Database>(db)).join(' '),
  };
}
