import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { ensureServerBuilt } from './helpers/built-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Identifies this test run; its PostgreSQL databases carry it in their names. */
    testRunId: string;
    /** On PostgreSQL, the migrated database every test's database is copied from. */
    postgresTemplate: string;
  }
}

/**
 * Gives the run an id and, on PostgreSQL, migrates a template database once (`t_<run>`), so a
 * test's database is a copy instead of a fresh migration (test/helpers/database.ts). After the
 * whole run it drops the template and any test database left behind (`t_<run>_<test>`).
 * Databases of other runs on the same server are left alone.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runId = randomBytes(4).toString('hex');
  const template = `t_${runId}`;
  project.provide('testRunId', runId);
  project.provide('postgresTemplate', template);
  // A whole run (CI) builds the server once before any test starts, so the first test that starts
  // a registry process does not spend its own time limit compiling it on a busy machine. A run of a
  // few files builds only when one of them starts the server.
  if (process.env.CI === 'true' || process.env.CI === '1') await ensureServerBuilt();
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return async () => {};

  await withClient(url, (client) => client.query(`create database ${template}`));
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${template}`;
  const handle = openDatabase({ databaseUrl: templateUrl.toString(), poolSize: 1 });
  try {
    await migrateToLatest(handle.db);
  } finally {
    // A database with open connections cannot be copied.
    await handle.destroy();
  }

  return () =>
    withClient(url, async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        'select datname from pg_database where datname = $1 or datname like $2',
        [template, `t\\_${runId}\\_%`],
      );
      for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
    });
}

async function withClient(url: string, use: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await use(client);
  } finally {
    await client.end();
  }
}
