import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { ids, seedSearchPacks } from './seed.js';

async function seedCore(t: TestApp, names: string[]): Promise<void> {
  await t.ctx.db
    .insertInto('core_comfy_nodes')
    .values(names.map((name) => ({ name, source: 'manager-import' as const })))
    .execute();
}

describe('GET /nodes/search for a class built into ComfyUI', () => {
  it('names the core class beside the packs that also register a class of that name', async () => {
    const t = await buildTestApp();
    await seedCore(t, ['KSampler', 'KSamplerAdvanced', 'CheckpointLoaderSimple']);
    await seedSearchPacks(t, [
      { id: 'sampler-copy', node: { name: 'Sampler copies', github_stars: 900 }, classes: ['KSampler', 'Other'] },
      { id: 'efficient', node: { name: 'Efficiency' }, classes: ['KSampler (Efficient)'] },
    ]);
    for (const text of ['KSampler', 'ksampler', 'K Sampler', ' KSAMPLER ']) {
      const res = await t.anon.inject({ method: 'GET', url: '/nodes/search', query: { search: text } });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.core_comfy_nodes).toEqual([{ name: 'KSampler' }]);
      expect(ids(body)).toEqual(['sampler-copy', 'efficient']);
    }
    const byClass = await t.anon.inject({
      method: 'GET',
      url: '/nodes/search',
      query: { comfy_node_search: 'checkpointloadersimple' },
    });
    expect(byClass.json()).toEqual({
      total: 0,
      nodes: [],
      page: 1,
      limit: 10,
      totalPages: 0,
      core_comfy_nodes: [{ name: 'CheckpointLoaderSimple' }],
    });
  });

  it('leaves the key out when the text names no core class, keeping the public envelope', async () => {
    const t = await buildTestApp();
    await seedCore(t, ['KSampler']);
    await seedSearchPacks(t, [{ id: 'efficient', node: { name: 'Efficiency' }, classes: ['KSampler (Efficient)'] }]);
    for (const text of ['KSampler (Efficient)', 'ksampl', 'efficiency', '']) {
      const res = await t.anon.inject({ method: 'GET', url: '/nodes/search', query: { search: text } });
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json()).sort()).toEqual(['limit', 'nodes', 'page', 'total', 'totalPages']);
    }
  });
});
