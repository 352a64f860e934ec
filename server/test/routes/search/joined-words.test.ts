import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { ids, seedSearchPacks } from './seed.js';

async function search(t: TestApp, text: string): Promise<{ ids: string[]; nameRanges: unknown }> {
  const res = await t.anon.inject({ method: 'GET', url: '/nodes/search', query: { search: text } });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { nodes: { id: string; search_match?: { name: unknown } }[] };
  return { ids: ids(body), nameRanges: body.nodes[0]?.search_match?.name };
}

describe('GET /nodes/search with words run together or split apart', () => {
  it('finds a name from its words typed as one (impactpack, animatediffevolved), generic words included', async () => {
    const t = await buildTestApp();
    await seedSearchPacks(t, [
      { id: 'comfyui-impact-pack', node: { name: 'ComfyUI Impact Pack', github_stars: 3000 } },
      { id: 'wildcard-pack', node: { name: 'Seed Wildcard Pack', github_stars: 5000 } },
      { id: 'impact-tools', node: { name: 'Impact Tools', github_stars: 9000 } },
      { id: 'ad-evolved', node: { name: 'AnimateDiff Evolved' } },
      { id: 'eff-nodes', node: { name: 'Efficiency Nodes for ComfyUI' } },
    ]);
    const impact = await search(t, 'impactpack');
    expect(impact.ids).toEqual(['comfyui-impact-pack']);
    // The joined words are marked in the name, word by word: "Impact", "Pack".
    expect(impact.nameRanges).toEqual([
      { start: 8, end: 14 },
      { start: 15, end: 19 },
    ]);
    expect((await search(t, 'ImpactPack')).ids).toEqual(['comfyui-impact-pack']);
    expect((await search(t, 'comfyuiimpactpack')).ids).toEqual(['comfyui-impact-pack']);
    expect((await search(t, 'animatediffevolved')).ids).toEqual(['ad-evolved']);
    expect((await search(t, 'efficiencynodes')).ids).toEqual(['eff-nodes']);
    // As it is typed: the joined word completes like any other.
    expect((await search(t, 'impactpa')).ids).toEqual(['comfyui-impact-pack']);
  });

  it('finds a name written as one word from the query words typed apart, in longer queries too', async () => {
    const t = await buildTestApp();
    await seedSearchPacks(t, [
      { id: 'lorastack', node: { name: 'Lorastack Helper Tools' } },
      { id: 'stack-only', node: { name: 'Image Stack Tools' } },
      { id: 'facedetailer', node: { name: 'Facedetailer Plus Nodes' } },
    ]);
    // "lora stack" is the name's "Lorastack" ("stack" alone is another pack's word).
    const lora = await search(t, 'lora stack tools');
    expect(lora.ids).toEqual(['lorastack']);
    expect(lora.nameRanges).toEqual([
      { start: 0, end: 9 },
      { start: 17, end: 22 },
    ]);
    expect((await search(t, 'face detailer plus nodes')).ids).toEqual(['facedetailer']);
  });
});
