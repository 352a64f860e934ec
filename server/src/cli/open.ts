import type { Config } from '../config/index.js';
import { type AppContext, createContext } from '../context.js';
import { type DatabaseHandle, openDatabase, sqlitePathFor } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { liveServerOn, SERVER_MARKER_FILE } from '../process/data-dir-marker.js';
import type { CommandEnv } from './command.js';

/** A command that would write the SQLite database of a running registry, refused. */
export class LiveInstanceRefused extends Error {}

/**
 * Opens and migrates the configured database and builds a context, for commands that need data.
 * On SQLite it first refuses when a registry is serving from the same DATA_DIR (see
 * `refuseLiveInstance`); `liveInstance: 'allowed'` is for commands whose writes are as short as
 * the server's own.
 */
export async function openForCommand(
  config: Config,
  env: Pick<CommandEnv, 'allowLive'>,
  options: { liveInstance?: 'refused' | 'allowed' } = {},
): Promise<{ ctx: AppContext; database: DatabaseHandle }> {
  if (options.liveInstance !== 'allowed') refuseLiveInstance(config, env);
  const database = openDatabase({
    databaseUrl: config.database.DATABASE_URL,
    sqlitePath: sqlitePathFor(config.database.DATA_DIR),
    poolSize: Math.min(config.database.DATABASE_POOL_SIZE, 4),
  });
  await migrateToLatest(database.db);
  return { ctx: createContext(config, database), database };
}

/**
 * Throws when a registry serves from this DATA_DIR's SQLite database and `--allow-live` was not
 * given: a command's long write transaction makes every write of the server wait behind it (and
 * answer 503 once the wait runs out). PostgreSQL handles concurrent writers: no check there.
 */
export function refuseLiveInstance(config: Config, env: Pick<CommandEnv, 'allowLive'>): void {
  if (config.database.DATABASE_URL || env.allowLive) return;
  const dataDir = config.database.DATA_DIR;
  const live = liveServerOn(dataDir);
  if (!live) return;
  throw new LiveInstanceRefused(
    `a registry is serving from DATA_DIR ${dataDir} (pid ${live.pid} on ${live.host}, started ${live.startedAt}). ` +
      "This command writes its SQLite database and would hold up the server's writes while it runs: " +
      `stop the server first, or add --allow-live to run it anyway. (A registry that no longer runs on ${live.host}: remove ${dataDir}/${SERVER_MARKER_FILE}.)`,
  );
}
