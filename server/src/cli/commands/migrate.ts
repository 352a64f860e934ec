import { openDatabase, sqlitePathFor } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import type { CliCommand } from '../command.js';
import { refuseLiveInstance } from '../open.js';

/** `registry migrate`: applies pending migrations and lists what ran. */
export const migrateCommand: CliCommand = {
  name: 'migrate',
  summary: 'Apply pending database migrations (the server also does this at start).',
  usage: 'registry migrate',
  async run(_args, env) {
    const { config, io } = env;
    refuseLiveInstance(config, env);
    const database = openDatabase({
      databaseUrl: config.database.DATABASE_URL,
      sqlitePath: sqlitePathFor(config.database.DATA_DIR),
    });
    try {
      const result = await migrateToLatest(database.db);
      const applied = (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
      io.err(applied.length > 0 ? `Applied: ${applied.join(', ')}\n` : 'Database is up to date.\n');
      return 0;
    } finally {
      await database.destroy();
    }
  },
};
