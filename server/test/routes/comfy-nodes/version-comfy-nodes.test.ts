import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { seedComfyNode, seedPack } from '../../helpers/catalogue.js';

/** A comfy node as the API shows it, with the defaults of a fresh row. */
function comfyNodeJson(
  fields: Record<string, unknown> & { comfy_node_name: string; node_id: string; node_version: string },
) {
  return {
    comfy_node_id: fields.comfy_node_name,
    display_name: '',
    category: '',
    description: '',
    input_types: '',
    return_types: '',
    return_names: '',
    output_is_list: [],
    function: '',
    output_node: false,
    deprecated: false,
    experimental: false,
    policy: 'ComfyNodePolicyActive',
    ...fields,
  };
}

async function seeded(t: TestApp) {
  const { versions } = await seedPack(t, { id: 'Impact', versions: [{ version: '1.0.0' }, { version: '1.1.0' }] });
  const [v1, v2] = versions;
  if (!v1 || !v2) throw new Error('seed failed');
  await seedComfyNode(t, {
    node_id: 'Impact',
    node_version_id: v2.id,
    name: 'FaceDetailer',
    display_name: 'Face Detailer',
    category: 'ImpactPack/Simple',
    input_types: '{"required":{"image":["IMAGE"]}}',
    return_types: '["IMAGE"]',
    return_names: '["image"]',
    output_is_list: '[false]',
    function: 'doit',
    output_node: true,
  });
  for (const name of ['Alpha', 'Beta', 'Gamma'])
    await seedComfyNode(t, { node_id: 'Impact', node_version_id: v2.id, name });
  await seedComfyNode(t, { node_id: 'Impact', node_version_id: v1.id, name: 'Legacy' });
  await seedComfyNode(t, { node_id: 'Impact', node_version_id: null, name: 'Imported', source: 'manager-import' });
}

describe('GET /nodes/{nodeId}/versions/{version}/comfy-nodes', () => {
  it('answers the ComfyUI front end’s "all nodes" request (limit=8192) with every class, clamped to one page', async () => {
    const t = await buildTestApp();
    await seeded(t);
    // The front end's axios instance (reference/frontend-calls.md, getNodeDefs in InfoPanelMultiItem).
    const res = await t.anon.inject({
      method: 'GET',
      url: '/nodes/Impact/versions/1.1.0/comfy-nodes?limit=8192',
      headers: {
        accept: 'application/json, text/plain, */*',
        'content-type': 'application/json',
        origin: 'http://127.0.0.1:8188',
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { comfy_nodes: { comfy_node_name: string }[]; totalNumberOfPages: number };
    expect(body.comfy_nodes.map((n) => n.comfy_node_name)).toEqual(['Alpha', 'Beta', 'FaceDetailer', 'Gamma']);
    expect(body.totalNumberOfPages).toBe(1);
    // The NodesTabPanel's request, and page/limit 0 read as the defaults.
    expect(
      (await t.anon.get('/nodes/Impact/versions/1.1.0/comfy-nodes?page=1&limit=256')).json().comfy_nodes,
    ).toHaveLength(4);
    expect(
      (await t.anon.get('/nodes/Impact/versions/1.1.0/comfy-nodes?page=0&limit=0')).json().comfy_nodes,
    ).toHaveLength(4);
    expect((await t.anon.get('/comfy-nodes?pageSize=5000&page=-1')).json().total).toBeGreaterThan(0);
  });

  it('pages the classes extracted from that version, by name', async () => {
    const t = await buildTestApp();
    await seeded(t);

    const first = await t.anon.get('/nodes/Impact/versions/1.1.0/comfy-nodes?limit=3');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      totalNumberOfPages: 2,
      comfy_nodes: [
        comfyNodeJson({ comfy_node_name: 'Alpha', node_id: 'Impact', node_version: '1.1.0' }),
        comfyNodeJson({ comfy_node_name: 'Beta', node_id: 'Impact', node_version: '1.1.0' }),
        comfyNodeJson({
          comfy_node_name: 'FaceDetailer',
          node_id: 'Impact',
          node_version: '1.1.0',
          display_name: 'Face Detailer',
          category: 'ImpactPack/Simple',
          input_types: '{"required":{"image":["IMAGE"]}}',
          return_types: '["IMAGE"]',
          return_names: '["image"]',
          output_is_list: [false],
          function: 'doit',
          output_node: true,
        }),
      ],
    });
    const second = await t.anon.get('/nodes/Impact/versions/1.1.0/comfy-nodes?limit=3&page=2');
    expect(second.json()).toEqual({
      totalNumberOfPages: 2,
      comfy_nodes: [comfyNodeJson({ comfy_node_name: 'Gamma', node_id: 'Impact', node_version: '1.1.0' })],
    });
    const older = await t.anon.get('/nodes/Impact/versions/v1.0/comfy-nodes');
    expect(older.json()).toEqual({
      totalNumberOfPages: 1,
      comfy_nodes: [comfyNodeJson({ comfy_node_name: 'Legacy', node_id: 'Impact', node_version: '1.0.0' })],
    });
  });

  it('follows the pack rules and 404s an unknown version', async () => {
    const t = await buildTestApp();
    await seeded(t);
    await seedPack(t, { id: 'bad', node: { status: 'NodeStatusBanned' }, versions: [{ version: '1.0.0' }] });

    const moved = await t.anon.get('/nodes/impact/versions/1.1.0/comfy-nodes?limit=2');
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe('/nodes/Impact/versions/1.1.0/comfy-nodes?limit=2');
    expect((await t.anon.get('/nodes/Impact/versions/3.0.0/comfy-nodes')).json()).toEqual({
      message: 'Node version not found',
      error: 'no version 3.0.0 of Impact',
    });
    expect((await t.anon.get('/nodes/bad/versions/1.0.0/comfy-nodes')).statusCode).toBe(403);
    expect((await t.anon.get('/nodes/missing/versions/1.0.0/comfy-nodes')).statusCode).toBe(404);
  });

  it.each(['limit=abc', 'limit=Infinity', 'page=1.5', 'page=1e309'])('rejects %s with 400', async (query) => {
    const t = await buildTestApp();
    await seeded(t);
    const res = await t.anon.get(`/nodes/Impact/versions/1.1.0/comfy-nodes?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(expect.objectContaining({ message: expect.any(String), error: expect.any(String) }));
  });
});

describe('GET /nodes/{nodeId}/versions/{version}/comfy-nodes/{comfyNodeName}', () => {
  it('answers one class of the version', async () => {
    const t = await buildTestApp();
    await seeded(t);

    const res = await t.anon.get('/nodes/Impact/versions/1.1.0/comfy-nodes/Beta');

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(comfyNodeJson({ comfy_node_name: 'Beta', node_id: 'Impact', node_version: '1.1.0' }));
    expect((await t.anon.get('/nodes/Impact/versions/1.1.0/comfy-nodes/Legacy')).json()).toEqual({
      message: 'Comfy Node not found',
      error: 'no comfy node Legacy in this version',
    });
  });
});

describe('GET /comfy-nodes', () => {
  it('lists classes of active packs with filters, as {comfy_nodes, total}', async () => {
    const t = await buildTestApp();
    await seeded(t);
    const { versions } = await seedPack(t, {
      id: 'hidden',
      node: { status: 'NodeStatusBanned' },
      versions: [{ version: '1.0.0' }],
    });
    await seedComfyNode(t, { node_id: 'hidden', node_version_id: versions[0]?.id ?? null, name: 'Alpha' });

    const all = await t.anon.get('/comfy-nodes?pageSize=2');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({
      total: 6,
      comfy_nodes: [
        comfyNodeJson({ comfy_node_name: 'Imported', node_id: 'Impact', node_version: '' }),
        comfyNodeJson({ comfy_node_name: 'Legacy', node_id: 'Impact', node_version: '1.0.0' }),
      ],
    });
    const byName = await t.anon.get('/comfy-nodes?comfy_node_name=Alpha');
    expect(byName.json()).toEqual({
      total: 1,
      comfy_nodes: [comfyNodeJson({ comfy_node_name: 'Alpha', node_id: 'Impact', node_version: '1.1.0' })],
    });
    const byVersion = await t.anon.get('/comfy-nodes?node_id=impact&node_version=1.0.0');
    expect(byVersion.json()).toEqual({
      total: 1,
      comfy_nodes: [comfyNodeJson({ comfy_node_name: 'Legacy', node_id: 'Impact', node_version: '1.0.0' })],
    });
  });

  it.each(['pageSize=abc', 'pageSize=1e309', 'page=NaN', 'node_version=latest', `node_id=${'x'.repeat(101)}`])(
    'rejects %s with 400',
    async (query) => {
      const t = await buildTestApp();
      const res = await t.anon.get(`/comfy-nodes?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(expect.objectContaining({ message: expect.any(String), error: expect.any(String) }));
    },
  );
});
