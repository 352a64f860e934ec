import { describe, expect, it } from 'vitest';
import { importManagerCatalogue } from '../../../src/modules/catalogue-import/service.js';
import { buildTestApp } from '../../helpers/app.js';
import { changeCatalogue, seedComfyNode, seedPack } from '../../helpers/catalogue.js';
import { nodeJson } from '../../helpers/catalogue-json.js';

const providerOf = async (t: Awaited<ReturnType<typeof buildTestApp>>, name: string) => {
  const res = await t.anon.get(`/comfy-nodes/${encodeURIComponent(name)}/node`);
  return res.statusCode === 200 ? (res.json() as { id: string }).id : res.statusCode;
};

describe('GET /comfy-nodes/{comfyNodeName}/node', () => {
  it('answers the pack providing the class, with publisher and latest version', async () => {
    const t = await buildTestApp();
    const publisher = await t.factories.publisher({ id: 'acme', name: 'ACME' });
    const { versions } = await seedPack(t, {
      id: 'impact',
      publisher,
      node: { name: 'Impact' },
      versions: [{ version: '1.0.0' }],
    });
    await seedComfyNode(t, { node_id: 'impact', node_version_id: versions[0]?.id ?? null, name: 'FaceDetailer' });

    const res = await t.anon.get('/comfy-nodes/FaceDetailer/node');

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      nodeJson({
        id: 'impact',
        name: 'Impact',
        publisher: { id: 'acme', name: 'ACME' },
        latest_version: expect.objectContaining({ version: '1.0.0', status_reason: '' }),
      }),
    );
    expect(res.headers.etag).toEqual(expect.any(String));
    expect(await providerOf(t, 'facedetailer')).toBe(404);
  });

  it('breaks ties by preemption, then ranking, then downloads, then id', async () => {
    const t = await buildTestApp();
    await seedPack(t, { id: 'popular', node: { downloads: 900 } });
    await seedPack(t, { id: 'ranked', node: { search_ranking: 2, downloads: 1 } });
    await seedPack(t, { id: 'claims-it', node: { search_ranking: 9, preempted_comfy_node_names: '["Shared"]' } });
    await seedPack(t, { id: 'also-popular', node: { downloads: 900 } });
    for (const node_id of ['popular', 'ranked', 'claims-it', 'also-popular']) {
      await seedComfyNode(t, { node_id, name: 'Shared' });
      await seedComfyNode(t, { node_id, name: 'Common' });
    }
    await seedComfyNode(t, { node_id: 'popular', name: 'TwoWay' });
    await seedComfyNode(t, { node_id: 'also-popular', name: 'TwoWay' });

    expect(await providerOf(t, 'Shared')).toBe('claims-it');
    expect(await providerOf(t, 'Common')).toBe('ranked');
    expect(await providerOf(t, 'TwoWay')).toBe('also-popular');
  });

  it('only considers active packs and, for extracted classes, their latest version', async () => {
    const t = await buildTestApp();
    const { versions } = await seedPack(t, { id: 'moved-on', versions: [{ version: '1.0.0' }, { version: '2.0.0' }] });
    await seedComfyNode(t, { node_id: 'moved-on', node_version_id: versions[0]?.id ?? null, name: 'OldClass' });
    await seedComfyNode(t, { node_id: 'moved-on', node_version_id: versions[1]?.id ?? null, name: 'NewClass' });
    await seedPack(t, { id: 'banned', node: { status: 'NodeStatusBanned', downloads: 999 } });
    await seedPack(t, { id: 'deleted', node: { status: 'NodeStatusDeleted', downloads: 999 } });
    await seedPack(t, { id: 'fallback', node: { downloads: 1 } });
    for (const node_id of ['banned', 'deleted', 'fallback']) await seedComfyNode(t, { node_id, name: 'Contested' });

    expect(await providerOf(t, 'NewClass')).toBe('moved-on');
    expect(await providerOf(t, 'OldClass')).toBe(404);
    expect(await providerOf(t, 'Contested')).toBe('fallback');
    expect(await providerOf(t, 'Nobody')).toBe(404);
  });

  it('follows catalogue changes at once', async () => {
    const t = await buildTestApp();
    await seedPack(t, { id: 'first', node: { downloads: 10 } });
    await seedPack(t, { id: 'second', node: { downloads: 5 } });
    await seedComfyNode(t, { node_id: 'first', name: 'Thing' });
    await seedComfyNode(t, { node_id: 'second', name: 'Thing' });
    expect(await providerOf(t, 'Thing')).toBe('first');

    await changeCatalogue(t, ['second'], (db) =>
      db.updateTable('nodes').set({ search_ranking: 1 }).where('id', '=', 'second').execute(),
    );

    expect(await providerOf(t, 'Thing')).toBe('second');
  });

  it('answers 404 with the error envelope and 400 for an over-long name', async () => {
    const t = await buildTestApp();
    expect((await t.anon.get('/comfy-nodes/Nothing/node')).json()).toEqual({
      message: 'Comfy Node not found',
      error: 'no active pack provides Nothing',
    });
    const long = await t.anon.get(`/comfy-nodes/${'x'.repeat(301)}/node`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual(expect.objectContaining({ message: expect.any(String), error: expect.any(String) }));
  });
});

describe('GET /comfy-nodes/{comfyNodeName}/node for classes that ship with ComfyUI', () => {
  it('never names a pack that merely lists a core class, as POST /comfy-nodes/resolve answers core', async () => {
    const t = await buildTestApp();
    const { versions } = await seedPack(t, {
      id: 'copies-core',
      node: { downloads: 5000 },
      versions: [{ version: '1.0.0' }],
    });
    for (const name of ['KSampler', 'CheckpointLoaderSimple', 'Reroute', 'OwnNode']) {
      await seedComfyNode(t, { node_id: 'copies-core', node_version_id: versions[0]?.id ?? null, name });
    }
    await importManagerCatalogue(t.ctx, {
      nodes: { custom_nodes: [] },
      nodeMap: {
        'https://github.com/comfyanonymous/ComfyUI': [['KSampler', 'CheckpointLoaderSimple'], { title_aux: 'ComfyUI' }],
      },
    });

    for (const name of ['KSampler', 'CheckpointLoaderSimple', 'Reroute']) {
      // The front end's inferPackFromNodeName request.
      const res = await t.anon.get(`/comfy-nodes/${encodeURIComponent(name)}/node`, {
        'content-type': 'application/json',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Comfy Node not found', error: expect.stringContaining('ComfyUI') });
      const resolved = await t.anon.post('/comfy-nodes/resolve', { names: [name] });
      expect(resolved.json()).toEqual({ results: [{ name, status: 'core' }] });
    }
    expect(await providerOf(t, 'OwnNode')).toBe('copies-core');
  });
});
