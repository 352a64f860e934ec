import { type Kysely, type MigrationResultSet, Migrator, sql } from 'kysely';
import { dialectOf } from './dialect.js';
import { migrations } from './migrations/index.js';

/** Applies every pending migration; throws with the failing migration's name on error. */
export async function migrateToLatest<DB>(database: Kysely<DB>): Promise<MigrationResultSet> {
  // Migrations describe tables that may not exist yet, so they work on an untyped view.
  const db = database as unknown as Kysely<unknown>;
  const dialect = dialectOf(db);
  // Kysely looks for its own tables in every schema it can see; naming the current one keeps
  // databases that share a PostgreSQL server (one schema per test, say) from mistaking another
  // schema's migration tables for their own.
  const schema = dialect === 'postgres' ? await currentSchema(db) : undefined;
  const migrator = new Migrator({
    db,
    ...(schema ? { migrationTableSchema: schema } : {}),
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

async function currentSchema(db: Kysely<unknown>): Promise<string | undefined> {
  const result = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return result.rows[0]?.schema ?? undefined;
}

/**
 * Migrations this build knows that the database has not applied (readiness checks). Kysely keeps
 * applied names in `kysely_migration` of the current schema; a database without it has none applied.
 */
export async function pendingMigrations<DB>(database: Kysely<DB>): Promise<string[]> {
  let applied: Set<string>;
  try {
    applied = new Set(await appliedMigrations(database));
  } catch (error) {
    if (/kysely_migration/.test(String(error))) return Object.keys(migrations);
    throw error;
  }
  return Object.keys(migrations).filter((name) => !applied.has(name));
}

/** Names of the migrations the database has applied, sorted; throws when it has none applied yet. */
export async function appliedMigrations<DB>(database: Kysely<DB>): Promise<string[]> {
  const db = database as unknown as Kysely<{ kysely_migration: { name: string } }>;
  const rows = await db.selectFrom('kysely_migration').select('name').orderBy('name').execute();
  return rows.map((r) => r.name);
}
