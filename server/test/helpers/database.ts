import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
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
 * A fresh, migrated database for one test: SQLite in memory, or on PostgreSQL a copy of the
 * run's migrated template database (made once by test/global-setup.ts). Destroying the handle
 * drops the copy.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (!testPostgresUrl) {
    migratedSqlite ??= migratedSqliteImage();
    return openDatabase({ sqliteImage: await migratedSqlite });
  }
  const copy = await createPostgresTestDatabase(inject('postgresTemplate'));
  const handle = openDatabase({ databaseUrl: copy.url, poolSize: 4 });
  return {
    ...handle,
    async destroy() {
      await handle.destroy();
      await copy.drop();
    },
  };
}

/**
 * The bytes of a migrated SQLite database, made once per worker (files share a worker's modules):
 * copying it costs a fraction of migrating every test's database (24 ms of CPU each).
 */
let migratedSqlite: Promise<Buffer> | undefined;

async function migratedSqliteImage(): Promise<Buffer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'registry-test-db-'));
  try {
    const file = path.join(dir, 'migrated.sqlite');
    const handle = openDatabase({ sqlitePath: file });
    await migrateToLatest(handle.db);
    // Out of WAL mode, so the file holds everything and its header does not ask for a log file
    // (an in-memory copy cannot have one).
    await sql`pragma journal_mode = delete`.execute(handle.db);
    await handle.destroy();
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A PostgreSQL database of this test run and the URL to reach it; `drop()` removes it. */
export interface PostgresTestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A new database on the test PostgreSQL server, empty (the server's default template) or copied
 * from `template`. Its name carries the run id, so the global teardown drops it if a test does
 * not. Each test gets a whole database rather than a schema, so nothing a test does (migrations
 * introspecting the catalogue, a dropped schema) can reach another test running in parallel.
 */
export async function createPostgresTestDatabase(template?: string): Promise<PostgresTestDatabase> {
  if (!testPostgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `t_${inject('testRunId')}_${randomBytes(6).toString('hex')}`;
  // FILE_COPY copies the template's few megabytes as files; the default (WAL_LOG) writes every
  // page through the write-ahead log, which is slower for databases this small.
  await adminQuery(`create database ${name}${template ? ` template ${template} strategy file_copy` : ''}`);
  return {
    url: postgresUrlFor(name),
    async drop() {
      // Not `with (force)`: a closed pool's connections are still saying goodbye, and the server
      // waits a few seconds for them; forcing them off would raise errors in their clients. A
      // database still in use after that is left to the global teardown.
      await adminQuery(`drop database if exists ${name}`).catch(() => {});
    },
  };
}

/** The test server's URL with another database name. */
export function postgresUrlFor(database: string): string {
  if (!testPostgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const url = new URL(testPostgresUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: testPostgresUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
