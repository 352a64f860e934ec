import type { Config } from '../config/index.js';
import { type AppContext, createContext } from '../context.js';
import { type DatabaseHandle, openDatabase, sqlitePathFor } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

/** Opens and migrates the configured database and builds a context, for commands that need data. */
export async function openForCommand(config: Config): Promise<{ ctx: AppContext; database: DatabaseHandle }> {
  const database = openDatabase({
    databaseUrl: config.database.DATABASE_URL,
    sqlitePath: sqlitePathFor(config.database.DATA_DIR),
    poolSize: Math.min(config.database.DATABASE_POOL_SIZE, 4),
  });
  await migrateToLatest(database.db);
  return { ctx: createContext(config, database), database };
}
