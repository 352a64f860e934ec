import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { ids, seedSearchPacks } from './seed.js';

async function search(t: TestApp, query: Record<string, string>): Promise<string[]> {
  const res = await t.anon.inject({ method: 'GET', url: '/nodes/search', query });
  expect(res.statusCode).toBe(200);
  return ids(res.json());
}

describe('GET /nodes/search matching', () => {
  it('finds packs by a prefix as it is typed, and by misspelt words', async () => {
    const t = await buildTestApp();
    await seedSearchPacks(t, [
      { id: 'comfyui-impact-pack', node: { name: 'ComfyUI Impact Pack' } },
      { id: 'animatediff-evolved', node: { name: 'AnimateDiff Evolved' } },
    ]);
    for (const typed of ['i', 'im', 'imp', 'impa', 'impac', 'impact']) {
      expect(await search(t, { search: typed })).toEqual(['comfyui-impact-pack']);
    }
    expect(await search(t, { search: 'impakt' })).toEqual(['comfyui-impact-pack']);
    expect(await search(t, { search: 'animatdiff evolvd' })).toEqual(['animatediff-evolved']);
    // Short words allow no typo: "imp" is a prefix, "ipm" is not a word of any pack.
    expect(await search(t, { search: 'ipm' })).toEqual([]);
  });

  it('ignores case and accents', async () => {
    const t = await buildTestApp();
    await seedSearchPacks(t, [
      { id: 'cafe-nodes', node: { name: 'Café Crème Nodes', description: 'Naïve Schrödinger' } },
    ]);
    for (const query of ['cafe creme', 'CAFÉ', 'naive', 'SCHRODINGER', 'schrödinger']) {
      expect(await search(t, { search: query })).toEqual(['cafe-nodes']);
    }
  });

  it('finds IPAdapter, IP-Adapter, ip_adapter and ipadapter alike', async () => {
    const t = await buildTestApp();
    await seedSearchPacks(t, [
      { id: 'camel', node: { name: 'IPAdapter Tools' } },
      { id: 'kebab', node: { name: 'IP-Adapter helpers' } },
      { id: 'snake', node: { name: 'ip_adapter_nodes' } },
      { id: 'spaced', node: { name: 'IP Adapter kit' } },
      { id: 'other', node: { name: 'Adapter of IPs' } },
    ]);
    for (const query of ['ipadapter', 'IPAdapter', 'IP-Adapter', 'ip_adapter']) {
      expect((await search(t, { search: query })).sort()).toEqual(['camel', 'kebab', 'snake', 'spaced']);
    }
  });

  it('searches Chinese, Japanese and Korean text', async () => {
    const t = await buildTestApp();
    await seedSearchPacks(t, [
      { id: 'portrait-zh', node: { name: 'Portrait Master 简体中文版', description: '肖像大师' } },
      { id: 'ja-tools', node: { name: 'Japanese tools', description: '日本語のテキストを翻訳する' } },
      { id: 'ko-tools', node: { name: 'Korean tools', description: '한국어 검색 노드' } },
      { id: 'cup', node: { name: 'CUP' }, classes: ['截图', '材质图'] },
    ]);
    expect(await search(t, { search: '中文' })).toEqual(['portrait-zh']);
    expect(await search(t, { search: '肖像大师' })).toEqual(['portrait-zh']);
    expect(await search(t, { search: 'テキスト' })).toEqual(['ja-tools']);
    expect(await search(t, { search: '검색' })).toEqual(['ko-tools']);
    expect(await search(t, { search: '截图' })).toEqual(['cup']);
    expect(await search(t, { search: '图' })).toEqual(['cup']);
  });

  it('finds a pack by the comfy-node classes of its latest version, pasted as in a workflow', async () => {
    const t = await buildTestApp();
    await seedSearchPacks(t, [
      {
        id: 'efficiency-nodes',
        node: { name: 'Efficiency Nodes' },
        versions: [{ version: '1.0.0' }],
        classes: ['KSampler (Efficient)', 'Efficient Loader'],
      },
      { id: 'imported', node: { name: 'Imported pack' }, classes: ['IPAdapterAdvanced'] },
      { id: 'unrelated', node: { name: 'Samplers', description: 'A KSampler that is efficient' } },
    ]);
    expect(await search(t, { search: 'KSampler (Efficient)' })).toEqual(['efficiency-nodes', 'unrelated']);
    expect(await search(t, { search: 'IPAdapterAdvanced' })).toEqual(['imported']);
  });

  it('puts an exact id or name first, and finds a pack by its repository URL', async () => {
    const t = await buildTestApp();
    await seedSearchPacks(t, [
      { id: 'gguf', node: { name: 'gguf', github_stars: 10 } },
      { id: 'comfyui-gguf', node: { name: 'ComfyUI-GGUF', github_stars: 4000 } },
      {
        id: 'gguf-tools',
        node: {
          name: 'GGUF tools',
          github_stars: 9000,
          repository_url: 'https://github.com/someone/GGUF-Tools',
          normalized_repository: 'github.com/someone/gguf-tools',
        },
      },
    ]);
    expect(await search(t, { search: 'gguf' })).toEqual(['gguf', 'comfyui-gguf', 'gguf-tools']);
    expect(await search(t, { search: 'https://github.com/someone/GGUF-Tools.git' })).toEqual(['gguf-tools']);
    expect(await search(t, { search: 'someone/gguf-tools' })).toEqual(['gguf-tools']);
  });
});
