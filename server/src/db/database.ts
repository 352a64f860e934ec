import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  type QueryResult,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import pg from 'pg';
import type { DialectName } from './dialect.js';
import type { Database } from './schema.js';
import { SqliteBooleanPlugin } from './sqlite-booleans.js';
import { withStatementCache } from './statement-cache.js';

/** An open database: the query builder plus what callers need to know about it. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Closes every connection. */
  destroy(): Promise<void>;
  /** Connections of the PostgreSQL pool right now; null on SQLite, which has one connection and no pool. */
  poolUse(): PoolUse | null;
}

/** How busy the connection pool is, for metrics. */
export interface PoolUse {
  /** Connections open (idle and in use). */
  total: number;
  idle: number;
  /** Queries waiting for a free connection: above zero for long means the pool is too small. */
  waiting: number;
  max: number;
}

export interface DatabaseOptions {
  /** `postgres://...`; when absent, SQLite at `sqlitePath`. */
  databaseUrl?: string | undefined;
  /** SQLite file path, or `:memory:`. */
  sqlitePath?: string;
  /**
   * An in-memory SQLite database that starts as a copy of this one (a database file's bytes).
   * Tests copy one migrated database instead of migrating each new one.
   */
  sqliteImage?: Buffer;
  poolSize?: number;
  /** PostgreSQL schema to use instead of `public` (tests isolate themselves this way). */
  pgSchema?: string;
  /**
   * Told when a PostgreSQL connection breaks outside a query (a server restart, failover,
   * `pg_terminate_backend`). The broken connection is dropped and the next query opens a new one.
   */
  onConnectionError?: (error: Error) => void;
  /**
   * SQLite: how long a statement keeps trying while another connection holds the write lock,
   * before it fails with SQLITE_BUSY (answered 503 with Retry-After).
   */
  busyRetryMs?: number;
}

/** Opens SQLite (default) or PostgreSQL behind the same Kysely interface. */
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.pgSchema, options.onConnectionError);
  }
  return openSqlite(options.sqliteImage ?? options.sqlitePath ?? ':memory:', options.busyRetryMs ?? BUSY_RETRY_MS);
}

/** The SQLite file inside a data directory. */
export function sqlitePathFor(dataDir: string): string {
  return path.join(dataDir, 'registry.sqlite');
}

/** Default for `busyRetryMs`: as long as SQLite's own wait used to be. */
const BUSY_RETRY_MS = 5000;

/**
 * SQLite's own wait for a lock held elsewhere. better-sqlite3 waits synchronously, so a long
 * `busy_timeout` froze every request of the process while a CLI command, another worker or an
 * operator's `sqlite3` held the write lock. A short one keeps each freeze short; the rest of the
 * wait is spent between retries, with the event loop free (see BusyRetryConnection).
 */
const BUSY_TIMEOUT_MS = 20;

function openSqlite(file: string | Buffer, busyRetryMs: number): DatabaseHandle {
  if (typeof file === 'string' && file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // NORMAL is durable across application crashes in WAL mode; only a power loss can drop
  // the last transactions, which is the usual trade for an embedded registry.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }, busyRetryMs),
    plugins: [new SqliteBooleanPlugin()],
  });
  return { db, dialect: 'sqlite', destroy: () => db.destroy(), poolUse: () => null };
}

/**
 * Transactions take SQLite's write lock when they begin (`BEGIN IMMEDIATE`) rather than at their
 * first write. Several processes share the file when WORKERS > 1: a deferred transaction that
 * has read and then wants to write while another process writes fails with "database is locked"
 * at once (waiting could deadlock, so SQLite does not), whereas BEGIN IMMEDIATE waits its turn
 * under busy_timeout. Within one process Kysely already runs one transaction at a time.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  constructor(
    config: SqliteDialectConfig,
    readonly busyRetryMs: number,
  ) {
    super(config);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    return new BusyRetryConnection(await super.acquireConnection(), this.busyRetryMs);
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/**
 * Retries a statement that found the database locked by another connection, waiting between
 * tries on a timer rather than inside SQLite, until `retryMs` have passed; then the SQLITE_BUSY
 * error goes to the caller. A statement refused with SQLITE_BUSY did nothing, so trying it again
 * is safe (including COMMIT, which SQLite documents as retryable).
 */
class BusyRetryConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    readonly retryMs: number,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const giveUpAt = Date.now() + this.retryMs;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.inner.executeQuery<R>(query);
      } catch (error) {
        if (!isBusy(error) || Date.now() >= giveUpAt) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.min(200, 5 * 2 ** attempt)));
      }
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_'));
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(
    config: SqliteDialectConfig,
    readonly busyRetryMs: number,
  ) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config, this.busyRetryMs);
  }
}

/** Type parsers so PostgreSQL rows look like SQLite rows: ISO timestamps, numeric counters. */
const pgTypes = {
  getTypeParser(oid: number, format?: string) {
    const { builtins } = pg.types;
    if (oid === builtins.TIMESTAMPTZ || oid === builtins.TIMESTAMP) {
      return (value: string) => new Date(value).toISOString();
    }
    if (oid === builtins.INT8) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  },
} as pg.CustomTypesConfig;

/**
 * How long a query waits for a new connection: a database host that does not answer at all
 * (failover, a network split) fails the request after this instead of holding it.
 */
const CONNECT_TIMEOUT_MS = 10_000;

function openPostgres(
  url: string,
  poolSize: number,
  schema: string | undefined,
  onConnectionError: (error: Error) => void = () => undefined,
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: pgTypes,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An error event nobody listens to ends the process: an idle connection the server closes
  // (restart, failover) reports here, and pg drops it from the pool.
  pool.on('error', onConnectionError);
  // A connection checked out between two queries of a transaction reports on itself instead;
  // the transaction's next query fails and the request answers 503 (see lib/infrastructure-errors).
  pool.on('connect', (client) => {
    client.on('error', onConnectionError);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    destroy: () => db.destroy(),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
  };
}
