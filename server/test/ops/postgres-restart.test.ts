import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { afterThisTest } from '../helpers/cleanup.js';
import { postgresInstalled, startOwnPostgres } from '../helpers/own-postgres.js';
import { startRegistry } from '../helpers/server-process.js';

const installed = postgresInstalled();
const inCi = process.env.CI === 'true';
const skip = !installed && !inCi;
if (skip) {
  console.warn(
    'test/ops/postgres-restart.test.ts skipped: no PostgreSQL binaries under /usr/lib/postgresql (Debian package `postgresql`); CI runs it.',
  );
}

async function status(url: string): Promise<{ status: number; retryAfter: string | null; body: string } | null> {
  try {
    const answer = await fetch(url);
    return { status: answer.status, retryAfter: answer.headers.get('retry-after'), body: await answer.text() };
  } catch {
    return null;
  }
}

describe.skipIf(skip)('a PostgreSQL restart under a running registry', () => {
  for (const workers of ['1', '2']) {
    it(`keeps the registry running (WORKERS=${workers}): 503 with Retry-After while away, /ready says so, back by itself`, async () => {
      if (!installed) throw new Error('CI must run this test: install PostgreSQL (`postgresql`) on the runner');
      const postgres = await startOwnPostgres();
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'registry-pg-restart-'));
      afterThisTest(() => rmSync(dataDir, { recursive: true, force: true }));
      const registry = await startRegistry({ DATA_DIR: dataDir, DATABASE_URL: postgres.url, WORKERS: workers });
      let exited = false;
      void registry.exited.then(() => {
        exited = true;
      });
      await expect.poll(async () => (await status(`${registry.url}/ready`))?.status, { timeout: 60_000 }).toBe(200);
      // Several requests at once leave several idle connections in each pool: the ones whose
      // "terminating connection" error used to end the process.
      const warm = await Promise.all(Array.from({ length: 8 }, () => status(`${registry.url}/nodes?limit=5`)));
      expect(warm.map((w) => w?.status)).toEqual(Array(8).fill(200));

      // When the registry does not come back, what it logged is the only clue to why.
      const backAgain = async () => {
        try {
          await expect
            .poll(async () => (await status(`${registry.url}/ready`))?.status, { timeout: 120_000 })
            .toBe(200);
        } catch (error) {
          throw new Error(
            `/ready did not answer 200 after the database came back (exited: ${exited})\n--- stdout ---\n${registry.stdout().slice(-6000)}\n--- stderr ---\n${registry.stderr().slice(-4000)}`,
            { cause: error },
          );
        }
      };

      postgres.stop();
      // A read no cache can answer (a pack id never asked for), so it must reach the database: a
      // catalogue page asked for before may be answered from memory while the database is away.
      let asked = 0;
      const uncached = () => `${registry.url}/nodes/never-asked-${++asked}`;
      const away = await status(uncached());
      expect(away?.status).toBe(503);
      expect(Number(away?.retryAfter)).toBeGreaterThan(0);
      expect(JSON.parse(away?.body ?? '{}')).toMatchObject({ message: expect.stringMatching(/unavailable/) });
      const ready = await status(`${registry.url}/ready`);
      expect(ready?.status).toBe(503);
      expect(JSON.parse(ready?.body ?? '{}').failing).toContain('database');
      expect((await status(`${registry.url}/health`))?.status).toBe(200);
      expect(exited).toBe(false);

      postgres.start();
      await backAgain();
      const back = await Promise.all(Array.from({ length: 8 }, () => status(`${registry.url}/nodes?limit=5`)));
      expect(back.map((b) => b?.status)).toEqual(Array(8).fill(200));

      // And once more: the restart of a database that already restarted once.
      postgres.stop();
      expect((await status(uncached()))?.status).toBe(503);
      postgres.start();
      await backAgain();

      expect(exited).toBe(false);
      // No worker died and was replaced behind the scenes either.
      expect(registry.stdout()).not.toContain('a worker exited');
    }, 240_000);
  }
});
