import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { ids, seedSearchPacks } from './seed.js';

async function search(t: TestApp, query: Record<string, string | string[]>, client = t.anon): Promise<string[]> {
  const res = await client.inject({ method: 'GET', url: '/nodes/search', query });
  expect(res.statusCode).toBe(200);
  return ids(res.json());
}

describe('GET /nodes/search filters', () => {
  it('never shows deleted packs, and banned packs only to admins who ask for them', async () => {
    const t = await buildTestApp();
    await seedSearchPacks(t, [
      { id: 'live', node: { name: 'Depth live' } },
      { id: 'banned', node: { name: 'Depth banned', status: 'NodeStatusBanned' } },
      { id: 'deleted', node: { name: 'Depth deleted', status: 'NodeStatusDeleted' } },
    ]);
    const admin = await t.as(await t.factories.admin());
    const user = await t.as(await t.factories.user());

    expect(await search(t, { search: 'depth' })).toEqual(['live']);
    expect(await search(t, { search: 'depth', include_banned: 'true' })).toEqual(['live']);
    expect(await search(t, { search: 'depth', include_banned: 'true' }, user)).toEqual(['live']);
    expect(await search(t, { search: 'depth' }, admin)).toEqual(['live']);
    expect((await search(t, { search: 'depth', include_banned: 'true' }, admin)).sort()).toEqual(['banned', 'live']);
    expect((await search(t, { include_banned: 'true' }, admin)).sort()).toEqual(['banned', 'live']);
    expect(await search(t, { search: 'deleted', include_banned: 'true' }, admin)).toEqual([]);
  });

  it('filters by publisher and by tags (all of them, either spelling)', async () => {
    const t = await buildTestApp();
    const acme = await t.factories.publisher({ id: 'acme' });
    const other = await t.factories.publisher({ id: 'other' });
    await seedSearchPacks(t, [
      { id: 'acme-video', node: { name: 'Video one', publisher_id: acme.id, tags: '["video","Upscale"]' } },
      {
        id: 'acme-audio',
        node: { name: 'Audio one', publisher_id: acme.id, tags: '["audio"]', tags_admin: '["featured"]' },
      },
      { id: 'other-video', node: { name: 'Video two', publisher_id: other.id, tags: '["video"]' } },
    ]);
    expect(await search(t, { publisher: 'acme', sort: 'newest' })).toHaveLength(2);
    expect(await search(t, { search: 'video', publisher: 'ACME' })).toEqual(['acme-video']);
    expect((await search(t, { publisher: ['acme', 'other'] })).sort()).toEqual([
      'acme-audio',
      'acme-video',
      'other-video',
    ]);
    expect((await search(t, { tags: 'video' })).sort()).toEqual(['acme-video', 'other-video']);
    expect(await search(t, { 'tags[]': ['video', 'upscale'] })).toEqual(['acme-video']);
    expect(await search(t, { tags: 'featured' })).toEqual(['acme-audio']);
    expect(await search(t, { tags: 'nothing-has-this' })).toEqual([]);
  });

  it('filters by declared operating system and accelerator, accepting classifier spellings', async () => {
    const t = await buildTestApp();
    await seedSearchPacks(t, [
      {
        id: 'windows-cuda',
        node: {
          name: 'Pack W',
          supported_os: '["Microsoft :: Windows"]',
          supported_accelerators: '["GPU :: NVIDIA CUDA"]',
        },
      },
      { id: 'anywhere', node: { name: 'Pack A', supported_os: '["OS Independent"]' } },
      {
        id: 'linux-rocm',
        node: { name: 'Pack L', supported_os: '["POSIX :: Linux"]', supported_accelerators: '["GPU :: AMD ROCm"]' },
      },
      { id: 'undeclared', node: { name: 'Pack U' } },
    ]);
    const sorted = async (query: Record<string, string | string[]>) => (await search(t, query)).sort();
    expect(await sorted({ supported_os: 'windows' })).toEqual(['anywhere', 'windows-cuda']);
    expect(await sorted({ supported_os: 'POSIX :: Linux' })).toEqual(['anywhere', 'linux-rocm']);
    expect(await sorted({ supported_os: 'macos' })).toEqual(['anywhere']);
    expect(await sorted({ supported_accelerator: 'cuda' })).toEqual(['windows-cuda']);
    expect(await sorted({ supported_accelerator: ['rocm', 'GPU :: NVIDIA CUDA'] })).toEqual([
      'linux-rocm',
      'windows-cuda',
    ]);
    expect(await sorted({ supported_os: 'linux', supported_accelerator: 'cuda' })).toEqual([]);
  });

  it('restricts to packs providing a matching comfy-node class, or with a matching repository URL', async () => {
    const t = await buildTestApp();
    await seedSearchPacks(t, [
      {
        id: 'samplers',
        node: {
          name: 'Samplers',
          repository_url: 'https://github.com/acme/Samplers',
          normalized_repository: 'github.com/acme/samplers',
        },
        classes: ['KSamplerAdvancedPlus'],
      },
      {
        id: 'mentions-samplers',
        node: {
          name: 'Sampler docs',
          description: 'About KSamplerAdvancedPlus',
          repository_url: 'https://gitlab.com/x/docs',
          normalized_repository: 'gitlab.com/x/docs',
        },
      },
    ]);
    expect(await search(t, { search: 'ksampleradvancedplus' })).toEqual(['samplers', 'mentions-samplers']);
    expect(await search(t, { comfy_node_search: 'KSamplerAdvancedPlus' })).toEqual(['samplers']);
    expect(await search(t, { comfy_node_search: 'ksampleradv' })).toEqual(['samplers']);
    expect(await search(t, { search: 'sampler', comfy_node_search: 'advancedplus' })).toEqual(['samplers']);
    expect(await search(t, { repository_url_search: 'https://GitHub.com/acme' })).toEqual(['samplers']);
    expect(await search(t, { repository_url_search: 'gitlab.com' })).toEqual(['mentions-samplers']);
  });

  it('shows why a pack matched a class search', async () => {
    const t = await buildTestApp();
    await seedSearchPacks(t, [
      { id: 'samplers', node: { name: 'Samplers' }, classes: ['KSamplerAdvancedPlus', 'Other'] },
    ]);
    const res = await t.anon.inject({ method: 'GET', url: '/nodes/search', query: { comfy_node_search: 'ksampler' } });
    expect(res.json().nodes[0].search_match).toEqual({
      name: [],
      description: [],
      comfy_nodes: [{ name: 'KSamplerAdvancedPlus', ranges: [{ start: 0, end: 8 }] }],
      comfy_nodes_matched: 1,
      comfy_nodes_total: 2,
    });
  });
});
