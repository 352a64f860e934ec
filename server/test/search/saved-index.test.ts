import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database.js';
import type { Database } from '../../src/db/schema.js';
import { CatalogueIndex } from '../../src/engines/search-index/catalogue-index.js';
import { readIndexFile, writeIndexFile } from '../../src/engines/search-index/index-file.js';
import { EventBus } from '../../src/lib/events.js';
import { recordCatalogueChange } from '../../src/modules/catalogue/changes.js';
import { importManagerCatalogue } from '../../src/modules/catalogue-import/service.js';
import type { SearchQuery } from '../../src/modules/search/engine.js';
import { InProcessSearchEngine } from '../../src/modules/search/in-process-engine.js';
import { createTestDatabase } from '../helpers/database.js';
import { managerInputs } from '../import/manager-data.js';
import { RELEVANCE_CASES } from './relevance-cases.js';
import { searchQuery } from './search-query.js';

const query = (overrides: Partial<SearchQuery> = {}): SearchQuery => searchQuery({ limit: 20, ...overrides });

const running: InProcessSearchEngine[] = [];
const databases: DatabaseHandle[] = [];
afterEach(async () => {
  for (const engine of running.splice(0)) await engine.stop();
  for (const database of databases.splice(0)) await database.destroy();
});

/** An engine that saves its index to `file` when it stops, as a server does in DATA_DIR. */
function engineOn(db: Kysely<Database>, file: string, popularityRefreshMs = 60_000) {
  const errors: string[] = [];
  const notices: string[] = [];
  const engine = new InProcessSearchEngine(db, new EventBus(), {
    pollMs: 50,
    popularityRefreshMs,
    indexFile: file,
    onError: (error, context) => errors.push(`${context}: ${String(error)}`),
    onNotice: (message) => notices.push(message),
  });
  running.push(engine);
  return { engine, errors, notices };
}

async function stop(engine: InProcessSearchEngine): Promise<void> {
  await engine.stop();
  running.splice(running.indexOf(engine), 1);
}

async function database(): Promise<Kysely<Database>> {
  const handle = await createTestDatabase();
  databases.push(handle);
  await handle.db.insertInto('publishers').values({ id: 'acme', name: 'Acme' }).execute();
  return handle.db;
}

/** Writes a pack the way every writer does: the row, and an entry in the change feed. */
async function writePack(db: Kysely<Database>, id: string, values: Record<string, unknown>): Promise<void> {
  await db
    .insertInto('nodes')
    .values({ id, normalized_id: id.toLowerCase(), publisher_id: 'acme', name: id, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
  await recordCatalogueChange(db, [id]);
}

const indexFile = () => path.join(mkdtempSync(path.join(os.tmpdir(), 'saved-index-')), 'search-index.bin');

describe('the saved search index', () => {
  it('answers every search of the real catalogue after a restart exactly as the index it was saved from', async () => {
    const handle = await createTestDatabase();
    databases.push(handle);
    await importManagerCatalogue({ db: handle.db }, managerInputs());
    const file = indexFile();
    const first = engineOn(handle.db, file);
    await first.engine.start();
    expect(first.engine.stats().restored).toBe(false);
    const searches = [
      ...RELEVANCE_CASES.map((c) => query({ text: c.query })),
      query({ text: 'c' }),
      query({ text: 'ipadaptr' }),
      query({ text: 'comyfui wan' }),
      query({ comfyNodeText: 'KSampler' }),
      query({ text: 'image', sort: 'downloads', offset: 20 }),
      query(),
    ];
    const before = [];
    for (const search of searches) before.push(await first.engine.search(search));
    await stop(first.engine);

    const second = engineOn(handle.db, file);
    await second.engine.start();
    expect(second.engine.stats()).toMatchObject({ restored: true, packs: 5883, built: true });
    expect(second.notices.join('\n')).toMatch(/read the saved index of 5883 packs/);
    const after = [];
    for (const search of searches) after.push(await second.engine.search(search));
    expect(after).toEqual(before);
    expect(second.errors).toEqual([]);
  }, 400_000);

  it('is saved as soon as the catalogue is first indexed, so a start after a crash reads it too', async () => {
    const db = await database();
    await writePack(db, 'alpha', { name: 'River tools' });
    const file = indexFile();
    const first = engineOn(db, file);
    await first.engine.start();
    await expect.poll(() => existsSync(file), { timeout: 45_000 }).toBe(true);
    // The first engine is never stopped cleanly (as after a crash), and the catalogue moves on.
    await writePack(db, 'beta', { name: 'River nodes' });

    const second = engineOn(db, file);
    await second.engine.start();
    expect(second.engine.stats().restored).toBe(true);
    expect(second.notices.join('\n')).toMatch(/read the saved index of 1 packs .*\(now 2 packs\)/);
    const hits = await second.engine.search(query({ text: 'river' }));
    expect(hits.hits.map((hit) => hit.id).sort()).toEqual(['alpha', 'beta']);
    expect([...first.errors, ...second.errors]).toEqual([]);
  });

  it('clears away half-written copies left by processes that died while saving, and only those', async () => {
    const file = indexFile();
    const directory = path.dirname(file);
    // No process has the largest pid; the parent of this test process is running.
    const abandoned = `search-index.bin.${2 ** 22 + 1}.partial`;
    const anotherWorkers = `search-index.bin.${process.ppid}.partial`;
    writeFileSync(path.join(directory, abandoned), 'half');
    writeFileSync(path.join(directory, anotherWorkers), 'half');
    writeFileSync(path.join(directory, 'search-index.bin.notes'), 'kept');

    await writeIndexFile(file, { watermark: 1, watermarkAt: 'then', migrations: 'all' }, () =>
      new CatalogueIndex().image(),
    );
    expect(readdirSync(directory).sort()).toEqual(
      ['search-index.bin', anotherWorkers, 'search-index.bin.notes'].sort(),
    );
  });

  it('keeps a header of any length: a database with many migrations has a long catalogue mark', async () => {
    const file = indexFile();
    const migrations = Array.from(
      { length: 400 },
      (_, i) => `${String(i).padStart(4, '0')}_a_migration_with_a_long_name`,
    ).join(' ');
    const mark = { watermark: 12, watermarkAt: '2026-11-28T00:00:00.000Z', migrations };
    const index = new CatalogueIndex();
    await writeIndexFile(file, mark, () => index.image());
    const saved = await readIndexFile(file);
    expect(saved?.header.catalogue).toEqual(mark);
    expect(saved?.image().packs).toEqual([]);
  });

  it('applies the changes the feed recorded while it was stopped', async () => {
    const db = await database();
    await writePack(db, 'alpha', { name: 'River tools' });
    await writePack(db, 'beta', { name: 'River nodes' });
    await writePack(db, 'gamma', { name: 'River extras' });
    const file = indexFile();
    const first = engineOn(db, file);
    await first.engine.start();
    await stop(first.engine);

    await writePack(db, 'alpha', { name: 'Lake tools' });
    await writePack(db, 'beta', { status: 'NodeStatusDeleted' });
    await writePack(db, 'brook', { name: 'River brook', downloads: 100 });
    // Download counts are not catalogue changes: they are read again on the popularity refresh.
    await db.updateTable('nodes').set({ downloads: 1000 }).where('id', '=', 'gamma').execute();

    const second = engineOn(db, file, 100);
    await second.engine.start();
    expect(second.engine.stats().restored).toBe(true);
    const found = async (text: string) => (await second.engine.search(query({ text }))).hits.map((hit) => hit.id);
    expect(await found('river')).toEqual(['brook', 'gamma']);
    expect(await found('lake')).toEqual(['alpha']);
    await expect.poll(() => found('river'), { timeout: 45_000 }).toEqual(['gamma', 'brook']);

    // And it keeps following the feed afterwards.
    await writePack(db, 'omega', { name: 'River delta' });
    await second.engine.pollChanges();
    expect(await found('delta')).toEqual(['omega']);
  });

  it('is not used for another database, after a migration, or when damaged: the catalogue is indexed again', async () => {
    const db = await database();
    await writePack(db, 'saved', { name: 'Saved pack' });
    const file = indexFile();
    const first = engineOn(db, file);
    await first.engine.start();
    await stop(first.engine);

    const other = await database();
    await writePack(other, 'another', { name: 'Another pack' });
    const elsewhere = engineOn(other, file);
    await elsewhere.engine.start();
    expect(elsewhere.engine.stats().restored).toBe(false);
    expect(elsewhere.notices.join('\n')).toMatch(/not the one it was saved from/);
    expect((await elsewhere.engine.search(query({ text: 'pack' }))).hits.map((hit) => hit.id)).toEqual(['another']);
    await stop(elsewhere.engine);

    // The file now holds `other`'s index; save `db`'s again, then pretend a migration ran.
    const again = engineOn(db, file);
    await again.engine.start();
    await stop(again.engine);
    await (db as unknown as Kysely<{ kysely_migration: { name: string; timestamp: string } }>)
      .insertInto('kysely_migration')
      .values({ name: '9999_later', timestamp: new Date().toISOString() })
      .execute();
    const migrated = engineOn(db, file);
    await migrated.engine.start();
    expect(migrated.engine.stats().restored).toBe(false);
    expect(migrated.notices.join('\n')).toMatch(/migrations ran since it was saved/);
    await stop(migrated.engine);

    writeFileSync(file, Buffer.from([0, 0, 0, 200, 1, 2, 3]));
    const damaged = engineOn(db, file);
    await damaged.engine.start();
    expect(damaged.engine.stats().restored).toBe(false);
    expect(damaged.errors.join('\n')).toMatch(/reading the saved search index/);
    expect((await damaged.engine.search(query({ text: 'saved' }))).hits.map((hit) => hit.id)).toEqual(['saved']);
  });
});
