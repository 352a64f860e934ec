import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';
import { seedComfyNode, seedPack } from '../../helpers/catalogue.js';
import { uiWorkflow } from '../../helpers/workflows.js';

describe('shared install plans', () => {
  it('stores what the plan is computed from under a stable id and answers the same plan from it', async () => {
    const t = await buildTestApp();
    const { versions } = await seedPack(t, { id: 'impact', versions: [{ version: '1.0.0' }] });
    await seedComfyNode(t, { node_id: 'impact', node_version_id: versions[0]?.id ?? null, name: 'FaceDetailer' });
    const body = { workflow: uiWorkflow([{ type: 'FaceDetailer', cnr_id: 'impact', ver: '1.0.0' }]), os: 'linux' };

    const shared = await t.anon.post('/install-plans', body);
    expect(shared.statusCode).toBe(200);
    const { id, plan } = shared.json();
    expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(plan.packs.map((p: { id: string; version: string }) => [p.id, p.version])).toEqual([['impact', '1.0.0']]);
    expect((await t.anon.post('/install-plans', body)).json().id).toBe(id);
    // The stored input is the node uses, never the workflow itself.
    const row = await t.ctx.db.selectFrom('shared_install_plans').selectAll().executeTakeFirstOrThrow();
    expect(JSON.parse(row.request)).toEqual({
      format: 'ui',
      uses: [{ type: 'FaceDetailer', count: 1, cnr_id: 'impact', ver: '1.0.0' }],
      comfyui_release: null,
      os: 'linux',
      accelerator: null,
      comfyui_version: null,
      installed: [],
    });

    const again = await t.anon.get(`/install-plans/${id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(plan);
    expect((await t.anon.post('/install-plan', body)).json()).toEqual(plan);
    expect((await t.anon.get('/install-plans/AAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await t.anon.get('/install-plans/short')).statusCode).toBe(400);
  });

  it('answers 400 for what is not a workflow, both or neither input, and an unknown release', async () => {
    const t = await buildTestApp();
    const cases: [unknown, string][] = [
      [{ workflow: 'not json object' }, 'install_plan.not_workflow'],
      [{ workflow: { nodes: [] } }, 'install_plan.no_nodes'],
      [{}, 'install_plan.workflow_or_nodes'],
      [{ workflow: { nodes: [] }, nodes: [{ type: 'A' }] }, 'install_plan.workflow_or_nodes'],
      [{ nodes: [{ type: 'A' }], comfyui_release: 'nope' }, 'install_plan.unknown_release'],
    ];
    for (const [body, code] of cases) {
      const res = await t.anon.post('/install-plan', body);
      expect([res.statusCode, res.json().code]).toEqual([400, code]);
    }
    expect((await t.anon.post('/install-plan', { nodes: [{ type: 'A', aux_id: 'no slash' }] })).statusCode).toBe(400);
    expect(await t.ctx.db.selectFrom('shared_install_plans').selectAll().execute()).toEqual([]);
  });
});
