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

describe('the saved search index of the built server', { timeout: 180_000 }, () => {
  it('is written on SIGTERM and read back at the next start, with the changes made while it was down', async () => {
    const { dataDir, env } = await processWorkspace();
    const seeded = await runCli(['seed-demo', '--packs', '6', '--versions-per-pack', '1', '--archives', 'none'], env);
    expect(seeded.code).toBe(0);

    const first = await startRegistry({ ...env, LOG_LEVEL: 'info' });
    const before = await searchTotal(first.url, '');
    expect(before.total).toBe(6);
    first.child.kill('SIGTERM');
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(path.join(dataDir, 'search-index.bin'))).toBe(true);
    expect(first.stdout()).not.toContain('read the saved index');

    // Written meanwhile the way every writer writes: the row and its change-feed entry.
    const database = openProcessDatabase(env);
    try {
      const publisher = await database.db.selectFrom('publishers').select('id').executeTakeFirstOrThrow();
      await database.db
        .insertInto('nodes')
        .values({
          id: 'zephyr-lanterns',
          normalized_id: 'zephyr-lanterns',
          publisher_id: publisher.id,
          name: 'Zephyr Lanterns',
        })
        .execute();
      await recordCatalogueChange(database.db, ['zephyr-lanterns']);
    } finally {
      await database.destroy();
    }

    const second = await startRegistry({ ...env, LOG_LEVEL: 'info' });
    expect(await searchTotal(second.url, 'zephyr')).toEqual({ total: 1, ids: ['zephyr-lanterns'] });
    expect((await searchTotal(second.url, '')).total).toBe(7);
    expect(second.stdout()).toContain(
      'read the saved index of 6 packs and applied the changes after position 6 (now 7 packs)',
    );
    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
  });
});
