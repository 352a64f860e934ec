import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordCatalogueChange } from '../../src/modules/catalogue/changes.js';
import { processWorkspace, runCli, startRegistry } from '../helpers/server-process.js';
import { openProcessDatabase } from './setup.js';

async function searchTotal(url: string, search: string): Promise<{ total: number; ids: string[] }> {
  const res = await fetch(`${url}/nodes/search?search=${encodeURIComponent(search)}&limit=50`);
  expect(res.status).toBe(200);
  const page = (await res.json()) as { total: number; nodes: { id: string }[] };
  return { total: page.total, ids: page.nodes.map((n) => n.id) };
}

/**
 * How many packs GET /nodes lists: the demo seed's random statuses leave some packs with no
 * installable version, and those are withheld from search as from the list (docs/moderation.md).
 */
async function listedTotal(url: string): Promise<number> {
  const res = await fetch(`${url}/nodes?limit=1`);
  expect(res.status).toBe(200);
  const total = ((await res.json()) as { total: number }).total;
  expect(total).toBeGreaterThan(0);
  return total;
}

/** Adds a pack while no server runs, the way every writer writes: the row and its change-feed entry. */
async function writePackWhileDown(env: Record<string, string>, id: string, name: string): Promise<void> {
  const database = openProcessDatabase(env);
  try {
    const publisher = await database.db.selectFrom('publishers').select('id').executeTakeFirstOrThrow();
    await database.db.insertInto('nodes').values({ id, normalized_id: id, publisher_id: publisher.id, name }).execute();
    await recordCatalogueChange(database.db, [id]);
  } finally {
    await database.destroy();
  }
}

// One process each: in a cluster, a worker that starts after another has built and saved the
// index reads that one back, which would blur what each start did.
describe('the saved search index of the built server', { timeout: 180_000 }, () => {
  it('is written on SIGTERM and read back at the next start, with the changes made while it was down', async () => {
    const { dataDir, env } = await processWorkspace();
    const seeded = await runCli(['seed-demo', '--packs', '6', '--versions-per-pack', '1', '--archives', 'none'], env);
    expect(seeded.code).toBe(0);

    const first = await startRegistry({ ...env, LOG_LEVEL: 'info', WORKERS: '1' });
    const listed = await listedTotal(first.url);
    const before = await searchTotal(first.url, '');
    expect(before.total).toBe(listed);
    first.child.kill('SIGTERM');
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(path.join(dataDir, 'search-index.bin'))).toBe(true);
    expect(first.stdout()).not.toContain('read the saved index');

    await writePackWhileDown(env, 'zephyr-lanterns', 'Zephyr Lanterns');

    const second = await startRegistry({ ...env, LOG_LEVEL: 'info', WORKERS: '1' });
    expect(await searchTotal(second.url, 'zephyr')).toEqual({ total: 1, ids: ['zephyr-lanterns'] });
    expect((await searchTotal(second.url, '')).total).toBe(listed + 1);
    expect(second.stdout()).toMatch(
      new RegExp(
        `read the saved index of ${listed} packs and applied the changes after position \\d+ \\(now ${listed + 1} packs\\)`,
      ),
    );
    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
  });

  it('is written once the index is first built, so a start after the server was killed reads it back too', async () => {
    const { dataDir, env } = await processWorkspace();
    const seeded = await runCli(['seed-demo', '--packs', '5', '--versions-per-pack', '1', '--archives', 'none'], env);
    expect(seeded.code).toBe(0);
    const file = path.join(dataDir, 'search-index.bin');

    const first = await startRegistry({ ...env, LOG_LEVEL: 'info', WORKERS: '1' });
    const listed = await listedTotal(first.url);
    expect((await searchTotal(first.url, '')).total).toBe(listed);
    await expect.poll(() => existsSync(file), { timeout: 45_000 }).toBe(true);
    // No clean stop: nothing is saved on the way out.
    first.child.kill('SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });

    await writePackWhileDown(env, 'quartz-lanterns', 'Quartz Lanterns');

    const second = await startRegistry({ ...env, LOG_LEVEL: 'info', WORKERS: '1' });
    expect(await searchTotal(second.url, 'quartz')).toEqual({ total: 1, ids: ['quartz-lanterns'] });
    expect(second.stdout()).toMatch(
      new RegExp(
        `read the saved index of ${listed} packs and applied the changes after position \\d+ \\(now ${listed + 1} packs\\)`,
      ),
    );
    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
  });
});
