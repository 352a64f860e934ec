import { CompiledQuery, type Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect.js';
import type { Database, NodeStatus } from '../../db/schema.js';
import type { VersionRow } from './versions-repository.js';

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

const COUNT_PACK = 'update nodes set downloads = downloads + ? where id = ?';
const COUNT_VERSION = 'update node_versions set downloads = downloads + ? where id = ?';
const COUNT_DAY = `insert into download_counts (node_version_id, node_id, day, count) values (?, ?, ?, ?)
  on conflict (node_version_id, day) do update set count = download_counts.count + excluded.count`;
// PostgreSQL runs all three as one statement (data-modifying CTEs): one round trip, atomic.
const COUNT_ALL_POSTGRES = `with pack as (update nodes set downloads = downloads + 1 where id = ?),
  version as (update node_versions set downloads = downloads + 1 where id = ?)
  insert into download_counts (node_version_id, node_id, day, count) values (?, ?, ?, 1)
  on conflict (node_version_id, day) do update set count = download_counts.count + 1`;

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

/** One install to count: the pack, the version handed out, and the UTC day. */
export interface InstallCount {
  nodeId: string;
  versionId: string;
  day: string;
}

/**
 * Counts one install: +1 on the pack, on the version and on that day's `download_counts` row,
 * atomically, resolving once committed.
 *
 * On SQLite (one writer, one connection) installs arriving together are committed together: the
 * first schedules a write for the next turn of the event loop, everything arriving meanwhile (or
 * while that write runs) joins it, and the batch is summed per pack, version and day and written
 * in one transaction. Each caller still answers only after its count is committed. PostgreSQL
 * takes concurrent writers, so each install is one statement there.
 */
export function recordInstall(db: Kysely<Database>, dialect: DialectName, count: InstallCount): Promise<void> {
  if (dialect === 'postgres') return recordInstallPostgres(db, count);
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new InstallBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher.add(count);
}

async function recordInstallPostgres(db: Kysely<Database>, count: InstallCount): Promise<void> {
  await db.executeQuery(
    CompiledQuery.raw(STATEMENTS.postgres.count, [
      count.nodeId,
      count.versionId,
      count.versionId,
      count.nodeId,
      count.day,
    ]),
  );
}

const batchers = new WeakMap<Kysely<Database>, InstallBatcher>();

interface Waiting extends InstallCount {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Group commit of install counts on SQLite (see `recordInstall`). */
class InstallBatcher {
  #queue: Waiting[] = [];
  #busy = false;

  constructor(private readonly db: Kysely<Database>) {}

  add(count: InstallCount): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#queue.push({ ...count, resolve, reject });
      if (!this.#busy) {
        this.#busy = true;
        setImmediate(() => void this.#flush());
      }
    });
  }

  async #flush(): Promise<void> {
    const batch = this.#queue;
    this.#queue = [];
    try {
      await writeCounts(this.db, batch);
      for (const waiting of batch) waiting.resolve();
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    } finally {
      if (this.#queue.length > 0) setImmediate(() => void this.#flush());
      else this.#busy = false;
    }
  }
}

/** Writes a batch of installs in one transaction, summed per pack, per version and per version and day. */
async function writeCounts(db: Kysely<Database>, batch: readonly InstallCount[]): Promise<void> {
  const packs = new Map<string, number>();
  const versions = new Map<string, number>();
  const days = new Map<string, InstallCount & { count: number }>();
  for (const item of batch) {
    packs.set(item.nodeId, (packs.get(item.nodeId) ?? 0) + 1);
    versions.set(item.versionId, (versions.get(item.versionId) ?? 0) + 1);
    const key = `${item.versionId}\n${item.day}`;
    const day = days.get(key);
    if (day) day.count += 1;
    else days.set(key, { ...item, count: 1 });
  }
  await db.transaction().execute(async (trx) => {
    for (const [id, count] of packs) await trx.executeQuery(CompiledQuery.raw(COUNT_PACK, [count, id]));
    for (const [id, count] of versions) await trx.executeQuery(CompiledQuery.raw(COUNT_VERSION, [count, id]));
    for (const day of days.values()) {
      await trx.executeQuery(CompiledQuery.raw(COUNT_DAY, [day.versionId, day.nodeId, day.day, day.count]));
    }
  });
}
