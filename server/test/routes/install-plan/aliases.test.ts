import { describe, expect, it } from 'vitest';
import { importManagerCatalogue } from '../../../src/modules/catalogue-import/service.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { seedComfyNode } from '../../helpers/catalogue.js';
import { uiWorkflow } from '../../helpers/workflows.js';
import { publisherWorld } from '../publishers/world.js';

/** A small Manager list: entries with the Manager's ids and the node map's class names and patterns. */
function importList(t: TestApp, entries: { id?: string; reference: string; classes?: string[]; pattern?: string }[]) {
  return importManagerCatalogue(t.ctx, {
    nodes: {
      custom_nodes: entries.map(({ id, reference }) => ({ ...(id ? { id } : {}), reference, title: id ?? reference })),
    },
    nodeMap: Object.fromEntries(
      entries.map((e) => [
        e.reference,
        [e.classes ?? [], { title_aux: e.id ?? '', ...(e.pattern ? { nodename_pattern: e.pattern } : {}) }],
      ]),
    ),
  });
}

const aliases = (t: TestApp) =>
  t.ctx.db.selectFrom('pack_aliases').select(['alias', 'node_id', 'source']).orderBy('alias').execute();

describe('other ids of packs', () => {
  it('keeps the repository-derived id as an alias, never one a pack has, never one two packs claim', async () => {
    const t = await buildTestApp();
    const report = await importList(t, [
      { id: 'vhs', reference: 'https://github.com/Kosinkadink/ComfyUI-VideoHelperSuite' },
      // Its repository name is another pack's own id: that pack keeps it.
      { id: 'rgthree', reference: 'https://github.com/rgthree/rgthree-comfy' },
      { reference: 'https://github.com/someone/rgthree-comfy' },
      // Two packs whose repositories have the same name: the alias is ambiguous, so neither gets it.
      { id: 'a-tools', reference: 'https://github.com/alice/comfyui-tools' },
      { id: 'b-tools', reference: 'https://gitlab.com/bob/ComfyUI-Tools' },
    ]);
    expect(report.aliases).toEqual({ added: 1, removed: 0 });
    expect(await aliases(t)).toEqual([{ alias: 'comfyui-videohelpersuite', node_id: 'vhs', source: 'repository' }]);
    expect((await t.anon.get('/nodes/rgthree-comfy')).json()).toMatchObject({ id: 'rgthree-comfy' });

    // The list dropping the entry drops its alias too.
    const again = await importList(t, [{ id: 'rgthree', reference: 'https://github.com/rgthree/rgthree-comfy' }]);
    expect(again.aliases).toEqual({ added: 0, removed: 1 });
  });

  it('refuses a new pack whose id another pack answers to, and resolves that id in plans', async () => {
    const t = await buildTestApp();
    await importList(t, [
      {
        id: 'vhs',
        reference: 'https://github.com/Kosinkadink/ComfyUI-VideoHelperSuite',
        classes: ['VHS_VideoCombine'],
      },
      { id: 'rgthree', reference: 'https://github.com/rgthree/rgthree-comfy', pattern: ' \\(rgthree\\)$' },
    ]);
    const w = await publisherWorld(t);
    const taken = await w.client.owner.post('/publishers/acme/nodes', { id: 'ComfyUI-VideoHelperSuite' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      error: 'duplicate node id: "ComfyUI-VideoHelperSuite" is another id of "vhs"',
    });

    // A copy of the class elsewhere does not win over what the workflow names.
    const copycat = await t.factories.node({ id: 'copycat', publisher_id: 'acme', github_stars: 9999 });
    await seedComfyNode(t, { node_id: copycat.id, name: 'VHS_VideoCombine' });
    const plan = await t.anon.post('/install-plan', {
      workflow: uiWorkflow([
        { type: 'VHS_VideoCombine', cnr_id: 'ComfyUI-VideoHelperSuite', ver: '1.7.9' },
        { type: 'Image Comparer (rgthree)' },
      ]),
    });
    expect(plan.statusCode).toBe(200);
    expect(
      plan
        .json()
        .packs.map((p: { id: string; reason: string; alternatives: { id: string }[] }) => [
          p.id,
          p.reason,
          p.alternatives.map((a) => a.id),
        ]),
    ).toEqual([
      ['vhs', 'named-by-workflow', ['copycat']],
      ['rgthree', 'name-pattern', []],
    ]);
  });

  it('stores nothing a workflow claims: a cnr_id only resolves through an id, an alias or the aux_id repository', async () => {
    const t = await buildTestApp();
    await importList(t, [{ id: 'vhs', reference: 'https://github.com/Kosinkadink/ComfyUI-VideoHelperSuite' }]);
    const tools = await t.factories.node({
      id: 'tools',
      publisher_id: (await t.factories.publisher()).id,
      repository_url: 'https://github.com/acme/comfy-tools',
      normalized_repository: 'github.com/acme/comfy-tools',
    });
    const before = await aliases(t);
    // Anyone can write any cnr_id: one naming an unknown id next to a known repository, one
    // naming another pack's public id for a class of a different pack.
    const workflow = uiWorkflow([
      { type: 'Tool Node', cnr_id: 'vhs-official', aux_id: 'acme/comfy-tools' },
      { type: 'Other Node', cnr_id: 'tools-by-evil' },
    ]);
    const plan = await t.anon.post('/install-plan', { workflow });
    expect(plan.json().packs.map((p: { id: string; named_as: string }) => [p.id, p.named_as])).toEqual([
      [tools.id, 'acme/comfy-tools'],
    ]);
    expect(plan.json().unknown.map((u: { type: string }) => u.type)).toEqual(['Other Node']);
    expect((await t.anon.post('/install-plans', { workflow })).statusCode).toBe(200);
    expect(await aliases(t)).toEqual(before);
    for (const id of ['vhs-official', 'tools-by-evil']) expect((await t.anon.get(`/nodes/${id}`)).statusCode).toBe(404);
  });
});
