import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database.js';
import type { Database } from '../../src/db/schema.js';
import { EventBus } from '../../src/lib/events.js';
import { recordCatalogueChange } from '../../src/modules/catalogue/changes.js';
import type { SearchEngine } from '../../src/modules/search/engine.js';
import { InProcessSearchEngine } from '../../src/modules/search/in-process-engine.js';
import { createTestDatabase } from '../helpers/database.js';
import { searchQuery } from './search-query.js';

/**
 * The behaviour every `SearchEngine` must have. A dedicated engine (Meilisearch, OpenSearch)
 * joins `implementations` and must pass the same suite.
 */
const implementations: { name: string; create(db: Kysely<Database>, events: EventBus): SearchEngine }[] = [
  {
    name: 'in-process',
    create: (db, events) =>
      new InProcessSearchEngine(db, events, {
        pollMs: 50,
        popularityRefreshMs: 60_000,
        indexFile: null,
        onError: (error) => {
          throw error;
        },
        onNotice: () => undefined,
      }),
  },
];

const query = searchQuery;

let open: { database: DatabaseHandle; engine: SearchEngine } | undefined;
afterEach(async () => {
  await open?.engine.stop();
  await open?.database.destroy();
  open = undefined;
});

describe.each(implementations)('SearchEngine contract: $name', ({ create }) => {
  async function setUp() {
    const database = await createTestDatabase();
    const db = database.db;
    await db.insertInto('publishers').values({ id: 'acme', name: 'Acme' }).execute();
    const events = new EventBus();
    const engine = create(db, events);
    open = { database, engine };
    const pack = (id: string, name: string, extra: Record<string, unknown> = {}) =>
      db
        .insertInto('nodes')
        .values({ id, normalized_id: id.toLowerCase(), publisher_id: 'acme', name, ...extra })
        .onConflict((oc) => oc.column('id').doUpdateSet({ name, ...extra }))
        .execute();
    return { db, events, engine, pack };
  }

  it('answers from the catalogue stored before it started', async () => {
    const { engine, pack } = await setUp();
    await pack('river-a', 'River tools', { downloads: 5 });
    await pack('river-b', 'River nodes', { downloads: 50 });
    await pack('gone', 'River gone', { status: 'NodeStatusDeleted' });
    await engine.start();
    expect(await engine.search(query({ text: 'river' }))).toMatchObject({
      total: 2,
      hits: [{ id: 'river-b' }, { id: 'river-a' }],
    });
    expect(await engine.search(query({ text: 'river', offset: 1, limit: 1 }))).toMatchObject({
      total: 2,
      hits: [{ id: 'river-a' }],
    });
    expect(engine.stats()).toMatchObject({ packs: 2 });
  });

  it("indexes at start the classes of each pack's latest version, or its imported ones when it has none", async () => {
    const { db, engine, pack } = await setUp();
    await pack('upgraded', 'Upgraded pack');
    await pack('imported', 'Imported pack');
    await pack('removed', 'Removed pack', { status: 'NodeStatusDeleted' });
    await db
      .insertInto('node_versions')
      .values([
        { id: 'v1', node_id: 'upgraded', version: '1.0.0', publisher_id: 'acme', status: 'NodeVersionStatusActive' },
        { id: 'v2', node_id: 'upgraded', version: '2.0.0', publisher_id: 'acme', status: 'NodeVersionStatusActive' },
      ])
      .execute();
    await db.updateTable('nodes').set({ latest_version_id: 'v2' }).where('id', '=', 'upgraded').execute();
    const comfyNode = (id: string, nodeId: string, versionId: string | null, name: string) => ({
      id,
      node_id: nodeId,
      node_version_id: versionId,
      name,
      output_is_list: '[]',
    });
    await db
      .insertInto('comfy_nodes')
      .values([
        comfyNode('c1', 'upgraded', 'v1', 'OldSampler'),
        comfyNode('c2', 'upgraded', 'v2', 'NewSampler'),
        comfyNode('c3', 'upgraded', null, 'CatalogueSampler'),
        comfyNode('c4', 'imported', null, 'ImportedSampler'),
        comfyNode('c5', 'removed', null, 'RemovedSampler'),
      ])
      .execute();
    await engine.start();
    const found = async (text: string) =>
      (await engine.search(query({ comfyNodeText: text }))).hits.map((hit) => hit.id);
    expect(await found('NewSampler')).toEqual(['upgraded']);
    expect(await found('OldSampler')).toEqual([]);
    expect(await found('CatalogueSampler')).toEqual([]);
    expect(await found('ImportedSampler')).toEqual(['imported']);
    expect(await found('RemovedSampler')).toEqual([]);
  });

  it('applies refreshed packs: created, changed and deleted', async () => {
    const { db, engine, pack } = await setUp();
    await engine.start();
    await pack('water-1', 'Lake tools');
    await engine.refresh(['water-1']);
    expect((await engine.search(query({ text: 'lake' }))).total).toBe(1);
    await pack('water-1', 'Pond tools');
    await engine.refresh(['water-1']);
    expect((await engine.search(query({ text: 'lake' }))).total).toBe(0);
    expect((await engine.search(query({ text: 'pond' }))).total).toBe(1);
    await db.updateTable('nodes').set({ status: 'NodeStatusDeleted' }).where('id', '=', 'water-1').execute();
    await engine.refresh(['water-1']);
    expect((await engine.search(query({ text: 'pond' }))).total).toBe(0);
  });

  it('follows catalogue changes announced on its event bus, and those recorded by other instances', async () => {
    const { db, events, engine, pack } = await setUp();
    await engine.start();
    await pack('sea', 'Sea tools');
    events.emit('catalogue:changed', ['sea']);
    expect((await engine.search(query({ text: 'sea' }))).total).toBe(1);

    await pack('ocean', 'Ocean tools');
    await recordCatalogueChange(db, ['ocean']);
    const began = performance.now();
    while ((await engine.search(query({ text: 'ocean' }))).total === 0) {
      // A ceiling far above the poll interval, so a slow machine cannot fail it.
      expect(performance.now() - began).toBeLessThan(45_000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  it('keeps banned packs out unless asked, and suggests public packs by name as typed', async () => {
    const { engine, pack } = await setUp();
    await pack('storm', 'Storm chaser');
    await pack('stormy', 'Stormy banned', { status: 'NodeStatusBanned' });
    await engine.start();
    expect((await engine.search(query({ text: 'storm' }))).hits.map((h) => h.id)).toEqual(['storm']);
    expect((await engine.search(query({ text: 'storm', includeBanned: true }))).total).toBe(2);
    expect(await engine.suggestPacks('sto', 6)).toEqual([{ id: 'storm', name: 'Storm chaser' }]);
  });
});
