import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Identifies this test run; per-test PostgreSQL schemas carry it in their names. */
    testRunId: string;
  }
}

/**
 * Gives the run an id, and after the whole run drops the per-test PostgreSQL schemas it created
 * (`t_<run>_<test>`). Tests leave their schemas in place while the run lasts; see
 * test/helpers/database.ts for why. Schemas of other runs on the same server are left alone.
 */
export default function setup(project: TestProject): () => Promise<void> {
  const runId = randomBytes(4).toString('hex');
  project.provide('testRunId', runId);
  return async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ nspname: string }>(
        'select nspname from pg_namespace where nspname like $1',
        [`t\\_${runId}\\_%`],
      );
      for (const { nspname } of rows) await client.query(`drop schema if exists "${nspname}" cascade`);
    } finally {
      await client.end();
    }
  };
}
