import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { createContext } from '../../../src/context.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { changeCatalogue, seedPack } from '../../helpers/catalogue.js';
import { testConfig } from '../../helpers/config.js';
import { ids, seedSearchPacks } from './seed.js';

async function found(t: { inject: TestApp['app']['inject'] }, search: string): Promise<string[]> {
  const res = await t.inject({ method: 'GET', url: '/nodes/search', query: { search } });
  return ids(res.json());
}

/** A second server instance on the same database, as behind a load balancer. */
async function secondInstance(t: TestApp, env: Record<string, string> = {}) {
  const app = await buildApp(createContext(testConfig({ SEARCH_POLL_MS: '100', ...env }), t.database));
  await app.ready();
  return app;
}

/** Far above the poll interval plus a busy machine's delays: the wait ends as soon as the check holds. */
const FEED_CEILING_MS = 45_000;

async function eventually(check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const began = performance.now();
  while (!(await check())) {
    if (performance.now() - began > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return performance.now() - began;
}

describe('search freshness', () => {
  it('shows a write on this instance in the very next search: new, edited, banned and deleted packs', async () => {
    const t = await buildTestApp({ SEARCH_POLL_MS: '4000' });
    const app = t.app;
    await seedSearchPacks(t, [{ id: 'first', node: { name: 'Glacier nodes' } }]);

    const publisher = await t.factories.publisher();
    await changeCatalogue(t, ['second'], (db) =>
      db
        .insertInto('nodes')
        .values({ id: 'second', normalized_id: 'second', publisher_id: publisher.id, name: 'Glacier tools' })
        .execute(),
    );
    expect(await found(app, 'glacier')).toEqual(['first', 'second']);

    await changeCatalogue(t, ['second'], (db) =>
      db.updateTable('nodes').set({ name: 'Volcano tools' }).where('id', '=', 'second').execute(),
    );
    expect(await found(app, 'glacier')).toEqual(['first']);
    expect(await found(app, 'volcano')).toEqual(['second']);

    await changeCatalogue(t, ['second'], (db) =>
      db.updateTable('nodes').set({ status: 'NodeStatusBanned' }).where('id', '=', 'second').execute(),
    );
    expect(await found(app, 'volcano')).toEqual([]);

    await changeCatalogue(t, ['first'], (db) =>
      db.updateTable('nodes').set({ status: 'NodeStatusDeleted' }).where('id', '=', 'first').execute(),
    );
    expect(await found(app, 'glacier')).toEqual([]);
  });

  it('shows the current fields of a pack in every later search, not the ones an earlier search read', async () => {
    const t = await buildTestApp({ SEARCH_POLL_MS: '4000' });
    await seedSearchPacks(t, [{ id: 'lantern', node: { name: 'Lantern nodes', description: 'Lights the way' } }]);
    const description = async (search: string) => {
      const res = await t.app.inject({ method: 'GET', url: '/nodes/search', query: { search } });
      return (res.json() as { nodes: { description: string; downloads: number }[] }).nodes[0];
    };
    expect((await description('lantern'))?.description).toBe('Lights the way');
    await changeCatalogue(t, ['lantern'], (db) =>
      db
        .updateTable('nodes')
        .set({ description: 'Lights the way home', downloads: 12 })
        .where('id', '=', 'lantern')
        .execute(),
    );
    // Another text, so not the earlier answer: the same pack, as it is now.
    expect(await description('lantern nodes')).toMatchObject({ description: 'Lights the way home', downloads: 12 });
  });

  it('finds the classes of a newly published version at once', async () => {
    const t = await buildTestApp({ SEARCH_POLL_MS: '4000' });
    const [pack] = await seedSearchPacks(t, [
      { id: 'pack', node: { name: 'Pack' }, versions: [{ version: '1.0.0' }], classes: ['OldNode'] },
    ]);
    expect(await found(t.app, 'OldNode')).toEqual(['pack']);
    await changeCatalogue(t, ['pack'], async (db) => {
      await db
        .insertInto('node_versions')
        .values({
          id: 'v2',
          node_id: 'pack',
          version: '2.0.0',
          publisher_id: pack?.publisher.id ?? '',
          status: 'NodeVersionStatusActive',
        })
        .execute();
      await db
        .insertInto('comfy_nodes')
        .values({ id: 'c2', node_id: 'pack', node_version_id: 'v2', name: 'BrandNewNode' })
        .execute();
    });
    expect(await found(t.app, 'BrandNewNode')).toEqual(['pack']);
    expect(await found(t.app, 'OldNode')).toEqual([]);
  });

  it('shows writes made by another instance, from the change feed', async () => {
    const t = await buildTestApp();
    const other = await secondInstance(t);
    try {
      await seedPack(t, { id: 'aurora', node: { name: 'Aurora nodes' } });
      // Written and recorded by "this" instance: the other one hears of it only through the feed.
      await changeCatalogue(t, ['aurora'], async () => undefined);
      // How soon is the poll interval's business (measured by the search benchmark); here only
      // that the feed carries the write, with a ceiling far above any machine's normal time.
      await eventually(async () => (await found(other, 'aurora')).includes('aurora'), FEED_CEILING_MS);

      await changeCatalogue(t, ['aurora'], (db) =>
        db.updateTable('nodes').set({ status: 'NodeStatusBanned' }).where('id', '=', 'aurora').execute(),
      );
      await eventually(async () => (await found(other, 'aurora')).length === 0, FEED_CEILING_MS);
    } finally {
      await other.close();
    }
  });

  it('builds its index from the database at start', async () => {
    const t = await buildTestApp();
    await seedPack(t, { id: 'stored', node: { name: 'Stored before start' } });
    await seedPack(t, { id: 'gone', node: { name: 'Stored but deleted', status: 'NodeStatusDeleted' } });
    const other = await secondInstance(t);
    try {
      expect(await found(other, 'stored')).toEqual(['stored']);
      expect(other.ctx.search.stats()).toMatchObject({ packs: 1 });
    } finally {
      await other.close();
    }
  });
});
