import { describe, expect, it } from 'vitest';
import { importManagerCatalogue } from '../../../src/modules/catalogue-import/service.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { uiWorkflow } from '../../helpers/workflows.js';
import { managerInputs } from '../../import/manager-data.js';

/** A fresh app with the real ComfyUI-Manager catalogue imported, as `registry import-manager-list` does. */
async function withCatalogue(): Promise<TestApp> {
  const t = await buildTestApp();
  await importManagerCatalogue(t.ctx, managerInputs());
  return t;
}

describe('install plans against the imported ComfyUI-Manager catalogue', () => {
  it("resolves what the workflow names (cnr_id, aux_id), the Manager's name pattern, and the most used provider", async () => {
    const t = await withCatalogue();
    // What the issue met: rgthree's nodes recorded with the public registry id, one of them a
    // class another pack copies, two known to the Manager only by its pattern.
    const workflow = uiWorkflow([
      { type: 'CheckpointLoaderSimple', cnr_id: 'comfy-core', ver: '0.3.64' },
      { type: 'KSampler', cnr_id: 'comfy-core', ver: '0.3.64' },
      { type: 'Seed (rgthree)', cnr_id: 'rgthree-comfy', ver: '1.0.0' },
      { type: 'Power Lora Loader (rgthree)', cnr_id: 'rgthree-comfy', ver: '1.0.0' },
      { type: 'Fast Groups Bypasser (rgthree)' },
      { type: 'VHS_VideoCombine', cnr_id: 'comfyui-videohelpersuite', ver: '1.7.9' },
      { type: 'IPAdapterAdvanced' },
      { type: 'FaceDetailer', aux_id: 'ltdrdata/ComfyUI-Impact-Pack', ver: '5bd7a6b3a2f0c4e1d9b8a7f6e5d4c3b2a1f0e9d8' },
      { type: 'NoSuchNodeAnywhere', aux_id: 'nobody/private-nodes', ver: 'abcdef1' },
    ]);

    const res = await t.anon.post('/install-plan', { workflow });
    expect(res.statusCode).toBe(200);
    const plan = res.json();
    const packs = plan.packs.map((p: { id: string; reason: string; named_as: string | null; classes: string[] }) => [
      p.id,
      p.reason,
      p.named_as,
      p.classes,
    ]);
    expect(packs).toEqual([
      [
        'rgthree',
        'named-by-workflow',
        'rgthree-comfy',
        ['Seed (rgthree)', 'Power Lora Loader (rgthree)', 'Fast Groups Bypasser (rgthree)'],
      ],
      ['vhs', 'named-by-workflow', 'comfyui-videohelpersuite', ['VHS_VideoCombine']],
      ['ipadapter', 'most-used', null, ['IPAdapterAdvanced']],
      ['comfyui-impact-pack', 'named-by-workflow', 'ltdrdata/ComfyUI-Impact-Pack', ['FaceDetailer']],
    ]);
    expect(plan.core).toEqual(['CheckpointLoaderSimple', 'KSampler']);
    // Which list decided it: the node map's ComfyUI entry (868 classes) and the 4 front-end types.
    expect(plan.core_list).toEqual({ source: 'manager-node-map', classes: 872, changed_at: expect.any(String) });
    const rgthree = plan.packs[0];
    expect(rgthree).toMatchObject({
      name: "rgthree's ComfyUI Nodes",
      publisher: null,
      repository: 'https://github.com/rgthree/rgthree-comfy',
      version: null,
      requested_version: '1.0.0',
      version_source: 'none',
      commands: {
        comfy_cli: null,
        manager: null,
        git: 'git clone https://github.com/rgthree/rgthree-comfy custom_nodes/rgthree-comfy',
      },
    });
    // The class another pack copies: the copier is named as the alternative, never chosen.
    expect(rgthree.alternatives).toEqual([
      { id: 'ComfyUI_Swwan', name: expect.any(String), classes: ['Seed (rgthree)'] },
    ]);
    expect(plan.packs[2].alternatives).toEqual([
      { id: expect.stringMatching(/PromptChain/i), name: expect.any(String), classes: ['IPAdapterAdvanced'] },
    ]);
    // A git install recorded with its commit is cloned at that commit.
    expect(plan.packs[3].commands.git).toBe(
      'git clone https://github.com/ltdrdata/ComfyUI-Impact-Pack custom_nodes/ComfyUI-Impact-Pack && git -C custom_nodes/ComfyUI-Impact-Pack checkout 5bd7a6b3a2f0c4e1d9b8a7f6e5d4c3b2a1f0e9d8',
    );
    expect(plan.unknown).toEqual([
      {
        type: 'NoSuchNodeAnywhere',
        cnr_id: null,
        aux_id: 'nobody/private-nodes',
        git: 'git clone https://github.com/nobody/private-nodes custom_nodes/private-nodes && git -C custom_nodes/private-nodes checkout abcdef1',
      },
    ]);
    expect(plan.commands.comfy_cli).toBeNull();
    expect(plan.commands.git).toHaveLength(5);
    expect(plan.commands.all).toBe(plan.commands.git.join(' && '));
    expect(plan.environment.unchecked).toContain(
      'requirements of rgthree: no version here to read them from (installed by git clone)',
    );
  });

  it('answers the ids people know: public registry ids redirect to the pack, for reads and installs', async () => {
    const t = await withCatalogue();
    for (const [alias, id] of [
      ['comfyui-videohelpersuite', 'vhs'],
      ['rgthree-comfy', 'rgthree'],
      ['comfyui_ipadapter_plus', 'ipadapter'],
      ['ComfyUI_IPAdapter_plus', 'ipadapter'],
    ] as const) {
      const read = await t.anon.get(`/nodes/${alias}`);
      expect(read.statusCode).toBe(302);
      expect(read.headers.location).toBe(`/nodes/${id}`);
      const versions = await t.anon.get(`/nodes/${alias}/versions`);
      expect([versions.statusCode, versions.headers.location]).toEqual([302, `/nodes/${id}/versions`]);
      const install = await t.anon.get(`/nodes/${alias}/install`);
      expect([install.statusCode, install.headers.location]).toEqual([302, `/nodes/${id}/install`]);
    }
    // An id nobody has stays 404.
    expect((await t.anon.get('/nodes/comfyui-nothing-by-this-name')).statusCode).toBe(404);
  });
});
