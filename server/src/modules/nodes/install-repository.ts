import { CompiledQuery, type Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect.js';
import type { Database, NodeStatus } from '../../db/schema.js';
import type { VersionRow } from '../versions/repository.js';

/*
 * Install is the hottest write path, so its statements are fixed SQL texts run as compiled
 * queries: no query building or plugin passes per request, and on SQLite the statement cache
 * (db/statement-cache.ts) reuses their prepared forms. Placeholders are written as `?` and turned
 * into `$n` for PostgreSQL once.
 */

const TARGET_COLUMNS = `select n.id as pack_id, n.status as pack_status, v.*, f.storage_key
  from nodes n`;
const FILE_JOIN = `left join storage_files f on f.id = v.storage_file_id`;
const LATEST_TARGET = `${TARGET_COLUMNS}
  left join node_versions v on v.id = n.latest_version_id ${FILE_JOIN}
  where n.normalized_id = ?`;
const VERSION_TARGET = `${TARGET_COLUMNS}
  left join node_versions v on v.node_id = n.id and v.version = ? ${FILE_JOIN}
  where n.normalized_id = ?`;

const COUNT_PACK = 'update nodes set downloads = downloads + 1 where id = ?';
const COUNT_VERSION = 'update node_versions set downloads = downloads + 1 where id = ?';
const COUNT_DAY = `insert into download_counts (node_version_id, node_id, day, count) values (?, ?, ?, 1)
  on conflict (node_version_id, day) do update set count = download_counts.count + 1`;
// PostgreSQL runs all three as one statement (data-modifying CTEs): one round trip, atomic.
const COUNT_ALL_POSTGRES = `with pack as (update nodes set downloads = downloads + 1 where id = ?),
  version as (update node_versions set downloads = downloads + 1 where id = ?)
  ${COUNT_DAY}`;

const forPostgres = (text: string) => {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
};
const STATEMENTS = {
  sqlite: { latest: LATEST_TARGET, version: VERSION_TARGET },
  postgres: {
    latest: forPostgres(LATEST_TARGET),
    version: forPostgres(VERSION_TARGET),
    count: forPostgres(COUNT_ALL_POSTGRES),
  },
};

/** What an install needs in one read: the pack's state and the chosen version with its archive key. */
export interface InstallTarget {
  nodeId: string;
  nodeStatus: NodeStatus;
  version: VersionRow | undefined;
}

type TargetRow = { pack_id: string; pack_status: NodeStatus } & (({ id: string } & VersionRow) | { id: null });

/** The pack (case-insensitive id) and its latest or given version with the archive key, in one query. */
export async function findInstallTarget(
  db: Kysely<Database>,
  dialect: DialectName,
  nodeId: string,
  version: string | undefined,
): Promise<InstallTarget | undefined> {
  const statements = STATEMENTS[dialect];
  const query =
    version === undefined
      ? CompiledQuery.raw(statements.latest, [nodeId.toLowerCase()])
      : CompiledQuery.raw(statements.version, [version, nodeId.toLowerCase()]);
  const { rows } = await db.executeQuery<TargetRow>(query);
  const row = rows[0];
  if (!row) return undefined;
  const { pack_id, pack_status, ...versionColumns } = row;
  return {
    nodeId: pack_id,
    nodeStatus: pack_status,
    // A left join yields all-null version columns when there is no matching version.
    version: versionColumns.id === null ? undefined : (versionColumns as VersionRow),
  };
}

/** Counts one install: +1 on the pack, on the version and on today's (UTC) `download_counts` row, atomically. */
export async function recordInstall(
  db: Kysely<Database>,
  dialect: DialectName,
  target: { nodeId: string; versionId: string },
  day: string,
): Promise<void> {
  if (dialect === 'postgres') {
    await db.executeQuery(
      CompiledQuery.raw(STATEMENTS.postgres.count, [
        target.nodeId,
        target.versionId,
        target.versionId,
        target.nodeId,
        day,
      ]),
    );
    return;
  }
  await db.transaction().execute(async (trx) => {
    await trx.executeQuery(CompiledQuery.raw(COUNT_PACK, [target.nodeId]));
    await trx.executeQuery(CompiledQuery.raw(COUNT_VERSION, [target.versionId]));
    await trx.executeQuery(CompiledQuery.raw(COUNT_DAY, [target.versionId, target.nodeId, day]));
  });
}
