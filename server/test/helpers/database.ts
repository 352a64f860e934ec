import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';

/**
 * The PostgreSQL server the suite runs against, when set. `npm test` starts a throwaway server
 * and sets it; without it the suite runs on SQLite only.
 */
export const testPostgresUrl = process.env.TEST_DATABASE_URL || undefined;

/** Which dialect this run of the suite uses. */
export const testDialect = testPostgresUrl ? 'postgres' : 'sqlite';

/**
 * A fresh, migrated database for one test: SQLite in memory, or a new schema on the test
 * PostgreSQL server (dropped by the global teardown in test/global-setup.ts).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (!testPostgresUrl) {
    const handle = openDatabase({ sqlitePath: ':memory:' });
    await migrateToLatest(handle.db);
    return handle;
  }
  const schema = `t_${inject('testRunId')}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testPostgresUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const handle = openDatabase({ databaseUrl: testPostgresUrl, pgSchema: schema, poolSize: 4 });
  await migrateToLatest(handle.db);
  // The schema is dropped by the global teardown, not here: Kysely's migrator introspects every
  // schema on the server, and a schema dropped while another test migrates breaks that query.
  return handle;
}
