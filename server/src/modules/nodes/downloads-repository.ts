import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../../db/dialect.js';
import type { Database, NodeStatus } from '../../db/schema.js';
import type { VersionRow } from '../versions/repository.js';

/** What an install needs in one read: the pack's state and the chosen version with its archive key. */
export interface InstallTarget {
  nodeId: string;
  nodeStatus: NodeStatus;
  version: VersionRow | undefined;
}

/**
 * Reads the pack (case-insensitive id) and either its latest version or the given version, with
 * the archive key, in a single query: install is the hottest write path.
 */
export async function findInstallTarget(
  db: Kysely<Database>,
  nodeId: string,
  version: string | undefined,
): Promise<InstallTarget | undefined> {
  const row = await db
    .selectFrom('nodes')
    .leftJoin('node_versions', (join) =>
      version === undefined
        ? join.onRef('node_versions.id', '=', 'nodes.latest_version_id')
        : join.onRef('node_versions.node_id', '=', 'nodes.id').on('node_versions.version', '=', version),
    )
    .leftJoin('storage_files', 'storage_files.id', 'node_versions.storage_file_id')
    .select(['nodes.id as pack_id', 'nodes.status as pack_status'])
    .selectAll('node_versions')
    .select('storage_files.storage_key')
    .where('nodes.normalized_id', '=', nodeId.toLowerCase())
    .executeTakeFirst();
  if (!row) return undefined;
  const { pack_id, pack_status, ...versionColumns } = row;
  return {
    nodeId: pack_id,
    nodeStatus: pack_status,
    // A left join yields all-null version columns when there is no matching version.
    version: versionColumns.id === null ? undefined : (versionColumns as VersionRow),
  };
}

/**
 * Counts one install: +1 on the pack, +1 on the version and +1 on today's (UTC) row of
 * `download_counts`, atomically. PostgreSQL does it in one statement (data-modifying CTEs, one
 * round trip); SQLite runs the three statements in one transaction (in-process, no round trips).
 */
export async function recordInstall(
  db: Kysely<Database>,
  dialect: DialectName,
  target: { nodeId: string; versionId: string },
  day: string,
): Promise<void> {
  if (dialect === 'postgres') {
    await sql`
      with pack as (update nodes set downloads = downloads + 1 where id = ${target.nodeId}),
           version as (update node_versions set downloads = downloads + 1 where id = ${target.versionId})
      insert into download_counts (node_version_id, node_id, day, count)
      values (${target.versionId}, ${target.nodeId}, ${day}, 1)
      on conflict (node_version_id, day) do update set count = download_counts.count + 1`.execute(db);
    return;
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('nodes')
      .set((eb) => ({ downloads: eb('downloads', '+', 1) }))
      .where('id', '=', target.nodeId)
      .execute();
    await trx
      .updateTable('node_versions')
      .set((eb) => ({ downloads: eb('downloads', '+', 1) }))
      .where('id', '=', target.versionId)
      .execute();
    await trx
      .insertInto('download_counts')
      .values({ node_version_id: target.versionId, node_id: target.nodeId, day, count: 1 })
      .onConflict((oc) =>
        oc.columns(['node_version_id', 'day']).doUpdateSet((eb) => ({ count: eb('download_counts.count', '+', 1) })),
      )
      .execute();
  });
}

/** Sum of `download_counts` per day for a pack since `fromDay` (inclusive). */
export async function sumDownloadsByDay(
  db: Kysely<Database>,
  nodeId: string,
  fromDay: string,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('download_counts')
    .select(['day', (eb) => eb.fn.sum<number | string>('count').as('count')])
    .where('node_id', '=', nodeId)
    .where('day', '>=', fromDay)
    .groupBy('day')
    .execute();
  return new Map(rows.map((r) => [r.day, Number(r.count)]));
}
