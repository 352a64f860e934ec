import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database.js';
import type { Database } from '../../src/db/schema.js';
import { UNCLAIMED_PUBLISHER_ID } from '../../src/modules/catalogue/wire.js';
import type { ImportReport } from '../../src/modules/catalogue-import/report.js';
import { importManagerCatalogue } from '../../src/modules/catalogue-import/service.js';
import { createTestDatabase } from '../helpers/database.js';
import { managerInputs } from './manager-data.js';

/**
 * The whole real catalogue, imported once into a fresh database. Expected numbers, worked out
 * from the files: 5,896 entries; 13 skipped because their id is already taken (4 are the same
 * repository listed twice, 8 are different repositories with the same name, and `Comfyui_LLM-`
 * becomes `Comfyui_LLM` and then collides with `comfyUI_LLM`); 11 ids rewritten (spaces,
 * apostrophes, trailing or leading `-`). 5,563 of the 5,883 packs have class names in the node
 * map: 41,398 in all (the map's 42,497 include packs not in the list and the skipped duplicates).
 */
describe('importing the real ComfyUI-Manager catalogue', () => {
  let database: DatabaseHandle;
  let db: Kysely<Database>;
  let first: ImportReport;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    first = await importManagerCatalogue({ db }, managerInputs());
  }, 300_000);
  afterAll(async () => {
    await database?.destroy();
  });

  it('imports every pack it can and says why it skipped the rest', async () => {
    expect(first.entries).toBe(5896);
    expect(first.imported).toHaveLength(5883);
    expect(first.updated).toEqual([]);
    expect(first.unchanged).toBe(0);
    expect(first.classNames).toEqual({ added: 41398, removed: 0 });
    expect(first.coreClasses).toEqual({ count: 868, added: 868, removed: 0 });
    expect(first.warnings).toEqual([]);
    expect(first.notInList).toBe(0);
    expect(first.skipped.map((s) => [s.reason, s.id, s.index])).toEqual([
      ['duplicate-id', 'ComfyUI-Bagel', 2059],
      ['duplicate-id', 'comfyui-joycaption', 2798],
      ['duplicate-id', 'ComfyUI_Monarch_Attention', 2980],
      ['duplicate-id', 'ComfyUI-CFG-Ctrl', 4594],
      ['duplicate-id', 'ComfyUI-PerfectPixel', 4595],
      ['duplicate-id', 'ComfyUI-SD-CN-Animation', 4700],
      ['duplicate-id', 'ComfyUI-extensions', 5053],
      ['duplicate-id', 'ComfyUI-Custom-Nodes', 5058],
      ['duplicate-id', 'ComfyUI-LLM-text-processor', 5085],
      ['duplicate-id', 'ComfyUI-Tagger', 5265],
      ['duplicate-id', 'ComfyUI-Pulse-of-Motion', 5533],
      ['duplicate-id', 'Comfyui_LLM', 5619],
      ['duplicate-id', 'ComfyUI-FilterLoRATriggers', 5850],
    ]);
    expect(first.skipped[0]?.detail).toBe(
      'https://github.com/Yuan-ManX/ComfyUI-Bagel has the same id as entry 1499 (https://github.com/neverbiasu/ComfyUI-BAGEL)',
    );
    expect(first.rewrittenIds).toHaveLength(11);
    expect(first.rewrittenIds).toContainEqual({ from: "leoleexh's Custom-Nodes", to: 'leoleexh-s-Custom-Nodes' });
    expect(first.rewrittenIds).toContainEqual({ from: 'Comfyui_LLM-', to: 'Comfyui_LLM' });

    const nodes = await db
      .selectFrom('nodes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(nodes.n)).toBe(5883);
    const names = await db
      .selectFrom('comfy_nodes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('source', '=', 'manager-import')
      .where('node_version_id', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(names.n)).toBe(41398);
    const changes = await db
      .selectFrom('catalogue_changes')
      .select((eb) => eb.fn.count<number>('node_id').distinct().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(changes.n)).toBe(5883);
    const publisher = await db.selectFrom('publishers').selectAll().where('id', '=', UNCLAIMED_PUBLISHER_ID).execute();
    expect(publisher).toEqual([expect.objectContaining({ name: 'Unclaimed', status: 'PublisherStatusActive' })]);
  });

  it('maps ComfyUI Impact Pack field by field', async () => {
    const row = await db
      .selectFrom('nodes')
      .selectAll()
      .where('id', '=', 'comfyui-impact-pack')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      normalized_id: 'comfyui-impact-pack',
      publisher_id: UNCLAIMED_PUBLISHER_ID,
      name: 'ComfyUI Impact Pack',
      author: 'Dr.Lt.Data',
      description:
        'This node pack offers various detector nodes and detailer nodes that allow you to configure a workflow that automatically enhances facial details. And provide iterative upscaler.\n' +
        "NOTE: To use the UltralyticsDetectorProvider, you must install the 'ComfyUI Impact Subpack' separately.",
      repository_url: 'https://github.com/ltdrdata/ComfyUI-Impact-Pack',
      normalized_repository: 'github.com/ltdrdata/comfyui-impact-pack',
      tags: '[]',
      status: 'NodeStatusActive',
      latest_version_id: null,
    });
    expect(Number(row.github_stars)).toBe(3262);
    expect(await classNamesOf('comfyui-impact-pack')).toHaveLength(199);
  });

  it('maps ComfyUI_IPAdapter_plus under its catalogue id', async () => {
    const row = await db.selectFrom('nodes').selectAll().where('id', '=', 'ipadapter').executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'ComfyUI_IPAdapter_plus',
      author: 'cubiq',
      repository_url: 'https://github.com/cubiq/ComfyUI_IPAdapter_plus',
      normalized_repository: 'github.com/cubiq/comfyui_ipadapter_plus',
    });
    expect(Number(row.github_stars)).toBe(6102);
    const names = await classNamesOf('ipadapter');
    expect(names).toHaveLength(37);
    expect(names).toContain('IPAdapterUnifiedLoader');
  });

  it('maps efficiency-nodes-comfyui with KSampler (Efficient)', async () => {
    const row = await db.selectFrom('nodes').selectAll().where('id', '=', 'eff-nodes').executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Efficiency Nodes for ComfyUI Version 2.0+',
      author: 'jags111',
      repository_url: 'https://github.com/jags111/efficiency-nodes-comfyui',
    });
    expect(Number(row.github_stars)).toBe(1487);
    const rows = await db
      .selectFrom('comfy_nodes')
      .selectAll()
      .where('node_id', '=', 'eff-nodes')
      .where('name', '=', 'KSampler (Efficient)')
      .execute();
    expect(rows).toEqual([
      expect.objectContaining({
        node_version_id: null,
        source: 'manager-import',
        display_name: '',
        input_types: '',
      }),
    ]);
    expect(await classNamesOf('eff-nodes')).toHaveLength(40);
  });

  it('derives ids from the repository URL when the entry has none', async () => {
    const row = await db
      .selectFrom('nodes')
      .select(['id', 'name', 'normalized_id'])
      .where('repository_url', '=', 'https://github.com/Carasibana/ComfyUI-SimplayboyleFloatSlider')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      id: 'ComfyUI-SimplayboyleFloatSlider',
      normalized_id: 'comfyui-simplayboylefloatslider',
      name: 'ComfyUI-SimpleFloatSlider',
    });
  });

  it('keeps angle-bracket text that is not HTML and removes real tags', async () => {
    const lora = await db
      .selectFrom('nodes')
      .select('description')
      .where('description', 'like', '%<lora:name:1.0> or <lora:name:unet=1.0:te=0.75>%')
      .execute();
    expect(lora).toHaveLength(1);
    const rows = await db.selectFrom('nodes').select('description').where('description', 'like', '%<br>%').execute();
    expect(rows).toEqual([]);
  });

  it('changes nothing when run again', async () => {
    const again = await importManagerCatalogue({ db }, managerInputs());
    expect(again.imported).toEqual([]);
    expect(again.updated).toEqual([]);
    expect(again.unchanged).toBe(5883);
    expect(again.classNames).toEqual({ added: 0, removed: 0 });
    expect(again.coreClasses).toEqual({ count: 868, added: 0, removed: 0 });
    expect(again.skipped).toHaveLength(13);
    const names = await db
      .selectFrom('comfy_nodes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(names.n)).toBe(41398);
  });

  it("stores ComfyUI's own classes from its node-map entry as core, not as a pack", async () => {
    const core = await db.selectFrom('core_comfy_nodes').selectAll().orderBy('name').execute();
    expect(core).toHaveLength(868);
    const names = new Set(core.map((r) => r.name));
    for (const name of ['KSampler', 'CheckpointLoaderSimple', 'CLIPTextEncode', 'VAEDecode', 'SaveImage']) {
      expect(names.has(name), name).toBe(true);
    }
    expect(core[0]).toEqual({ name: expect.any(String), source: 'manager-import', updated_at: expect.any(String) });
    const comfyui = await db
      .selectFrom('nodes')
      .select('id')
      .where('normalized_repository', '=', 'github.com/comfyanonymous/comfyui')
      .execute();
    expect(comfyui).toEqual([]);
  });

  async function classNamesOf(nodeId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('comfy_nodes')
      .select('name')
      .where('node_id', '=', nodeId)
      .where('source', '=', 'manager-import')
      .orderBy('name')
      .execute();
    return rows.map((r) => r.name);
  }
});
