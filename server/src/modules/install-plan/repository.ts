import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Bound parameters per `IN (...)` list, below SQLite's and PostgreSQL's limits. */
const CHUNK = 500;

async function inChunks<T, R>(items: T[], run: (part: T[]) => Promise<R[]>): Promise<R[]> {
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) parts.push(items.slice(i, i + CHUNK));
  return (await Promise.all(parts.map(run))).flat();
}

/** Packs whose own id (any case) is one of these lower-cased ids: normalised id → id. */
export async function findIdsByNormalizedId(db: Db, normalizedIds: string[]): Promise<Map<string, string>> {
  const rows = await inChunks(normalizedIds, (part) =>
    db.selectFrom('nodes').select(['id', 'normalized_id']).where('normalized_id', 'in', part).execute(),
  );
  return new Map(rows.map((r) => [r.normalized_id, r.id]));
}

/** Alias → pack id, for these lower-cased aliases. */
export async function findAliasTargets(db: Db, aliases: string[]): Promise<Map<string, string>> {
  const rows = await inChunks(aliases, (part) =>
    db.selectFrom('pack_aliases').select(['alias', 'node_id']).where('alias', 'in', part).execute(),
  );
  return new Map(rows.map((r) => [r.alias, r.node_id]));
}

/** Packs by normalised repository (`github.com/owner/repo`): repository → pack ids. */
export async function findIdsByRepository(db: Db, repositories: string[]): Promise<Map<string, string[]>> {
  const rows = await inChunks(repositories, (part) =>
    db
      .selectFrom('nodes')
      .select(['id', 'normalized_repository'])
      .where('normalized_repository', 'in', part)
      .orderBy('id')
      .execute(),
  );
  const map = new Map<string, string[]>();
  for (const row of rows) map.set(row.normalized_repository, [...(map.get(row.normalized_repository) ?? []), row.id]);
  return map;
}

/** Every imported class-name pattern with its pack. */
export async function findClassPatterns(db: Db): Promise<{ node_id: string; pattern: string }[]> {
  return db.selectFrom('pack_class_patterns').select(['node_id', 'pattern']).orderBy('node_id').execute();
}

/** One version of a pack as the plan needs it. */
export interface PlanVersionRow {
  id: string;
  node_id: string;
  version: string;
  status: string;
  storage_file_id: string | null;
  upstream_archive_url: string;
  supported_os: string;
  supported_accelerators: string;
  supported_comfyui_version: string;
  dependencies: string;
}

/** The given versions (by pack and version string) plus the given version ids. */
export async function findPlanVersions(
  db: Db,
  wanted: { nodeId: string; version: string }[],
  ids: string[],
): Promise<PlanVersionRow[]> {
  const columns = [
    'id',
    'node_id',
    'version',
    'status',
    'storage_file_id',
    'upstream_archive_url',
    'supported_os',
    'supported_accelerators',
    'supported_comfyui_version',
    'dependencies',
  ] as const;
  const byId = await inChunks(ids, (part) =>
    db.selectFrom('node_versions').select(columns).where('id', 'in', part).execute(),
  );
  const byName = await inChunks(wanted, (part) =>
    db
      .selectFrom('node_versions')
      .select(columns)
      .where((eb) => eb.or(part.map((w) => eb.and([eb('node_id', '=', w.nodeId), eb('version', '=', w.version)]))))
      .execute(),
  );
  return [...new Map([...byId, ...byName].map((row) => [row.id, row])).values()];
}

/** A stored shared plan request, or undefined. */
export async function findSharedPlan(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('shared_install_plans').select('request').where('id', '=', id).executeTakeFirst();
  return row?.request;
}

/** Stores a shared plan request; the same request shared again keeps its first row. */
export async function saveSharedPlan(db: Db, id: string, request: string, now: string): Promise<void> {
  await db
    .insertInto('shared_install_plans')
    .values({ id, request, created_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
