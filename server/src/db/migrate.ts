import { type Kysely, type MigrationResultSet, Migrator } from 'kysely';
import { dialectOf } from './dialect.js';
import { migrations } from './migrations/index.js';

/** Applies every pending migration; throws with the failing migration's name on error. */
export async function migrateToLatest<DB>(database: Kysely<DB>): Promise<MigrationResultSet> {
  // Migrations describe tables that may not exist yet, so they work on an untyped view.
  const db = database as unknown as Kysely<unknown>;
  const dialect = dialectOf(db);
  const migrator = new Migrator({
    db,
    provider: {
      async getMigrations() {
        return Object.fromEntries(
          Object.entries(migrations).map(([name, m]) => [name, { up: (d: Kysely<unknown>) => m.up(d, dialect) }]),
        );
      },
    },
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${String(result.error)}`, { cause: result.error });
  }
  return result;
}
