import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database.js';
import { UNCLAIMED_PUBLISHER_ID } from '../../src/modules/catalogue/wire.js';
import { ManagerInputError } from '../../src/modules/catalogue-import/manager-files.js';
import { importManagerCatalogue } from '../../src/modules/catalogue-import/service.js';
import { createTestDatabase } from '../helpers/database.js';

const open: DatabaseHandle[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.destroy()));
});

async function freshDb() {
  const handle = await createTestDatabase();
  open.push(handle);
  return handle.db;
}

interface Entry {
  id?: string;
  title: string;
  reference: string;
  author?: string;
  description?: string;
  tags?: string[];
}

/** A tiny catalogue in the Manager's file shapes. */
function catalogue(entries: Entry[], classes: Record<string, string[]> = {}, stars: Record<string, number> = {}) {
  return {
    nodes: { custom_nodes: entries.map((e) => ({ author: 'someone', description: '', files: [e.reference], ...e })) },
    nodeMap: Object.fromEntries(Object.entries(classes).map(([url, names]) => [url, [names, { title_aux: 'x' }]])),
    stats: Object.fromEntries(
      Object.entries(stars).map(([url, n]) => [url, { stars: n, last_update: '', author_account_age_days: 1 }]),
    ),
  };
}

const alpha = { title: 'Alpha', reference: 'https://github.com/a/ComfyUI-Alpha' };
const beta = { id: 'beta', title: 'Beta', reference: 'https://github.com/b/beta-nodes.git' };

describe('re-importing a changed catalogue', () => {
  it('updates changed fields and class lists of unclaimed packs', async () => {
    const db = await freshDb();
    await importManagerCatalogue(
      { db },
      catalogue([alpha, beta], { [alpha.reference]: ['A1', 'A2'] }, { [alpha.reference]: 3 }),
    );

    const report = await importManagerCatalogue(
      { db },
      catalogue(
        [{ ...alpha, description: 'New <b>text</b> 🎉', tags: ['x', 'x', ' y '] }, beta],
        { [alpha.reference]: ['A2', 'A3'] },
        { [alpha.reference]: 5 },
      ),
    );

    expect(report).toMatchObject({ imported: [], updated: ['ComfyUI-Alpha'], unchanged: 1, claimedUpdated: 0 });
    expect(report.classNames).toEqual({ added: 1, removed: 1 });
    const row = await db.selectFrom('nodes').selectAll().where('id', '=', 'ComfyUI-Alpha').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ description: 'New text 🎉', tags: '["x","y"]' });
    expect(Number(row.github_stars)).toBe(5);
    const names = await db
      .selectFrom('comfy_nodes')
      .select('name')
      .where('node_id', '=', 'ComfyUI-Alpha')
      .orderBy('name')
      .execute();
    expect(names.map((n) => n.name)).toEqual(['A2', 'A3']);
    const changes = await db.selectFrom('catalogue_changes').select('node_id').orderBy('id').execute();
    expect(changes.map((c) => c.node_id)).toEqual(['ComfyUI-Alpha', 'beta', 'ComfyUI-Alpha']);
  });

  it('keeps the publisher and owner-edited fields of a claimed pack, refreshing only stars and class names', async () => {
    const db = await freshDb();
    await importManagerCatalogue({ db }, catalogue([alpha], { [alpha.reference]: ['A1'] }, { [alpha.reference]: 3 }));
    await db.insertInto('publishers').values({ id: 'acme', name: 'Acme' }).execute();
    await db
      .updateTable('nodes')
      .set({ publisher_id: 'acme', name: 'Alpha by Acme', description: 'Owner text' })
      .where('id', '=', 'ComfyUI-Alpha')
      .execute();

    const report = await importManagerCatalogue(
      { db },
      catalogue(
        [{ ...alpha, title: 'Renamed', description: 'List text' }],
        { [alpha.reference]: ['A1', 'A9'] },
        { [alpha.reference]: 8 },
      ),
    );

    expect(report).toMatchObject({ updated: ['ComfyUI-Alpha'], claimedUpdated: 1 });
    const row = await db.selectFrom('nodes').selectAll().where('id', '=', 'ComfyUI-Alpha').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ publisher_id: 'acme', name: 'Alpha by Acme', description: 'Owner text' });
    expect(Number(row.github_stars)).toBe(8);
    const names = await db
      .selectFrom('comfy_nodes')
      .select('name')
      .where('node_id', '=', 'ComfyUI-Alpha')
      .orderBy('name')
      .execute();
    expect(names.map((n) => n.name)).toEqual(['A1', 'A9']);
  });

  it('skips a new entry whose repository a publisher already registered under another id', async () => {
    const db = await freshDb();
    await db.insertInto('publishers').values({ id: 'acme', name: 'Acme' }).execute();
    await db
      .insertInto('nodes')
      .values({
        id: 'alpha-pack',
        normalized_id: 'alpha-pack',
        publisher_id: 'acme',
        name: 'Alpha',
        normalized_repository: 'github.com/a/comfyui-alpha',
      })
      .execute();

    const report = await importManagerCatalogue({ db }, catalogue([alpha, beta]));

    expect(report.imported).toEqual(['beta']);
    expect(report.skipped).toEqual([
      {
        reason: 'repository-registered',
        id: 'ComfyUI-Alpha',
        index: 0,
        detail: 'repository already registered as "alpha-pack"',
      },
    ]);
  });

  it('matches an existing pack case-insensitively and keeps its spelling', async () => {
    const db = await freshDb();
    await importManagerCatalogue({ db }, catalogue([alpha]));
    const report = await importManagerCatalogue(
      { db },
      catalogue([{ ...alpha, id: 'comfyui-alpha', title: 'Alpha 2' }]),
    );
    expect(report.updated).toEqual(['ComfyUI-Alpha']);
    const rows = await db.selectFrom('nodes').select(['id', 'name']).execute();
    expect(rows).toEqual([{ id: 'ComfyUI-Alpha', name: 'Alpha 2' }]);
  });

  it('leaves unclaimed packs the list no longer has, and counts them', async () => {
    const db = await freshDb();
    await importManagerCatalogue({ db }, catalogue([alpha, beta]));
    const report = await importManagerCatalogue({ db }, catalogue([alpha]));
    expect(report).toMatchObject({ imported: [], updated: [], unchanged: 1, notInList: 1 });
    const ids = await db.selectFrom('nodes').select('id').execute();
    expect(ids.map((r) => r.id).sort()).toEqual(['ComfyUI-Alpha', 'beta']);
  });

  it('skips entries without a usable reference or id', async () => {
    const db = await freshDb();
    const report = await importManagerCatalogue(
      { db },
      {
        nodes: { custom_nodes: [42, { title: 'No ref' }, { title: 'Bad', id: '!!!', reference: 'https://x.test/a' }] },
      },
    );
    expect(report.imported).toEqual([]);
    expect(report.skipped).toEqual([
      { reason: 'invalid-entry', id: '', index: 0, detail: 'not an object with a "reference" URL' },
      { reason: 'invalid-entry', id: '', index: 1, detail: 'not an object with a "reference" URL' },
      { reason: 'invalid-id', id: '!!!', index: 2, detail: 'no valid node id can be made from "!!!"' },
    ]);
  });

  it('reports node-map and stats entries it cannot use', async () => {
    const db = await freshDb();
    const report = await importManagerCatalogue(
      { db },
      {
        nodes: { custom_nodes: [] },
        nodeMap: { 'https://x.test/a': 'nope' },
        stats: { 'https://x.test/a': { stars: -1 } },
      },
    );
    expect(report.warnings).toEqual([
      'node map: ignored "https://x.test/a": not [[class names], {...}]',
      'stats: ignored "https://x.test/a": stars is not a non-negative integer',
    ]);
  });
});

describe("ComfyUI's own classes", () => {
  const comfyui = 'https://github.com/comfyanonymous/ComfyUI';
  const coreNames = async (db: Awaited<ReturnType<typeof freshDb>>) =>
    (await db.selectFrom('core_comfy_nodes').select('name').orderBy('name').execute()).map((r) => r.name);

  it('replaces the core class names with the node map entry of ComfyUI on every import', async () => {
    const db = await freshDb();
    const first = await importManagerCatalogue(
      { db },
      catalogue([alpha], { [comfyui]: ['KSampler', 'VAEDecode', 'KSampler'], [alpha.reference]: ['A1'] }),
    );
    expect(first.coreClasses).toEqual({ count: 2, added: 2, removed: 0 });
    expect(await coreNames(db)).toEqual(['KSampler', 'VAEDecode']);
    const alphaNames = await db.selectFrom('comfy_nodes').select('name').execute();
    expect(alphaNames).toEqual([{ name: 'A1' }]);

    const same = await importManagerCatalogue({ db }, catalogue([alpha], { [comfyui]: ['VAEDecode', 'KSampler'] }));
    expect(same.coreClasses).toEqual({ count: 2, added: 0, removed: 0 });

    const changed = await importManagerCatalogue(
      { db },
      catalogue([alpha], { [`${comfyui}.git`]: ['KSampler', 'WanVaceToVideo'] }),
    );
    expect(changed.coreClasses).toEqual({ count: 2, added: 1, removed: 1 });
    expect(await coreNames(db)).toEqual(['KSampler', 'WanVaceToVideo']);
  });

  it('reads the entry under Comfy-Org/ComfyUI too, merged with the old address', async () => {
    const db = await freshDb();
    const report = await importManagerCatalogue(
      { db },
      catalogue([], { 'https://github.com/Comfy-Org/ComfyUI': ['SaveImage'], [comfyui]: ['KSampler', 'SaveImage'] }),
    );
    expect(report.coreClasses).toEqual({ count: 2, added: 2, removed: 0 });
    expect(await coreNames(db)).toEqual(['KSampler', 'SaveImage']);
  });

  it('leaves the core class names alone without a node map or without a ComfyUI entry in it', async () => {
    const db = await freshDb();
    await importManagerCatalogue({ db }, catalogue([], { [comfyui]: ['KSampler'] }));

    const noEntry = await importManagerCatalogue({ db }, catalogue([alpha], { [alpha.reference]: ['A1'] }));
    expect(noEntry.coreClasses).toBeNull();
    const noMap = await importManagerCatalogue({ db }, { nodes: { custom_nodes: [] } });
    expect(noMap.coreClasses).toBeNull();
    expect(await coreNames(db)).toEqual(['KSampler']);
  });

  it('replaces them with nothing when the ComfyUI entry lists no classes', async () => {
    const db = await freshDb();
    await importManagerCatalogue({ db }, catalogue([], { [comfyui]: ['KSampler'] }));
    const report = await importManagerCatalogue({ db }, catalogue([], { [comfyui]: [] }));
    expect(report.coreClasses).toEqual({ count: 0, added: 0, removed: 1 });
    expect(await coreNames(db)).toEqual([]);
  });
});

describe('malformed input', () => {
  it.each([
    ['a list instead of an object', { nodes: [] }, 'The node list must be a JSON object with a "custom_nodes" array.'],
    [
      'custom_nodes not a list',
      { nodes: { custom_nodes: {} } },
      'The node list must be a JSON object with a "custom_nodes" array.',
    ],
    [
      'a node map that is a list',
      { nodes: { custom_nodes: [] }, nodeMap: [] },
      'The node map must be a JSON object keyed by repository URL.',
    ],
    [
      'stats that are a string',
      { nodes: { custom_nodes: [] }, stats: 'x' },
      'The GitHub stats must be a JSON object keyed by repository URL.',
    ],
  ])('rejects %s and writes nothing', async (_name, inputs, message) => {
    const db = await freshDb();
    await expect(importManagerCatalogue({ db }, inputs)).rejects.toThrow(new ManagerInputError(message));
    expect(await db.selectFrom('publishers').selectAll().where('id', '=', UNCLAIMED_PUBLISHER_ID).execute()).toEqual(
      [],
    );
    expect(await db.selectFrom('nodes').selectAll().execute()).toEqual([]);
  });

  it('imports a pack whose description is over the limit, cut to 1,000 characters', async () => {
    const db = await freshDb();
    const long = `${'A long description. '.repeat(80)}The end.`;
    const report = await importManagerCatalogue({ db }, catalogue([{ ...alpha, description: long }, beta]));

    expect(report.imported).toEqual(['ComfyUI-Alpha', 'beta']);
    expect(report.skipped).toEqual([]);
    expect(report.truncatedDescriptions).toEqual([{ id: 'ComfyUI-Alpha', length: long.length }]);
    const row = await db
      .selectFrom('nodes')
      .select('description')
      .where('id', '=', 'ComfyUI-Alpha')
      .executeTakeFirstOrThrow();
    expect(row.description.length).toBeLessThanOrEqual(1000);
    expect(row.description.length).toBeGreaterThan(900);
    expect(row.description.endsWith('…')).toBe(true);
    expect(long.startsWith(row.description.slice(0, -1))).toBe(true);

    // Re-importing the same list changes nothing: the cut is the same every time.
    const again = await importManagerCatalogue({ db }, catalogue([{ ...alpha, description: long }, beta]));
    expect(again.updated).toEqual([]);
  });
});
