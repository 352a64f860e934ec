import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { seedSearchPacks } from './seed.js';

const today = () => new Date().toISOString().slice(0, 10);

async function suggest(t: TestApp, q?: string) {
  const res = await t.anon.inject({
    method: 'GET',
    url: '/nodes/search/suggestions',
    query: q === undefined ? {} : { q },
  });
  expect(res.statusCode).toBe(200);
  return res.json().suggestions;
}

describe('search suggestions', () => {
  it('counts first-page searches that found something, per day, with nothing about who searched', async () => {
    const t = await buildTestApp();
    await seedSearchPacks(t, [{ id: 'impact', node: { name: 'Impact Pack' } }]);
    const searches = [
      'Impact Pack',
      '  impact   PACK ',
      'impact pack',
      'impact', // counted on its own
      'nothing matches this', // no hits
      '!!', // junk
      'me@example.com impact', // looks personal
      'https://github.com/a/impact', // a URL
    ];
    for (const search of searches) await t.anon.inject({ method: 'GET', url: '/nodes/search', query: { search } });
    await t.anon.inject({ method: 'GET', url: '/nodes/search', query: { search: 'impact pack', page: '2' } });

    await t.app.close(); // flushes the buffered counts
    const rows = await t.ctx.db.selectFrom('search_queries').selectAll().orderBy('query').execute();
    expect(rows).toEqual([
      { query: 'impact', day: today(), count: 1 },
      { query: 'impact pack', day: today(), count: 3 },
    ]);
  });

  it('completes from popular searches and pack names, at most 6, popular ones first', async () => {
    const t = await buildTestApp();
    await seedSearchPacks(t, [
      { id: 'impact', node: { name: 'Impact Pack', github_stars: 100 } },
      { id: 'impactful', node: { name: 'Impactful Nodes', github_stars: 50 } },
      { id: 'imposter', node: { name: 'Imposter', github_stars: 10 } },
      { id: 'banned', node: { name: 'Impish banned', status: 'NodeStatusBanned' } },
    ]);
    await t.ctx.db
      .insertInto('search_queries')
      .values([
        { query: 'impact pack', day: today(), count: 10 },
        { query: 'impact', day: today(), count: 5 }, // only the start of a longer popular search
        { query: 'impasto brush', day: today(), count: 4 },
        { query: 'imprint', day: today(), count: 2 }, // too rare to show anyone
        { query: 'image resize', day: '2000-01-01', count: 99 }, // too old
        { query: 'controlnet', day: today(), count: 8 },
      ])
      .execute();

    expect(await suggest(t, 'IMP')).toEqual([
      { text: 'impact pack', kind: 'query' },
      { text: 'impasto brush', kind: 'query' },
      { text: 'Impactful Nodes', kind: 'pack', node_id: 'impactful' },
      { text: 'Imposter', kind: 'pack', node_id: 'imposter' },
    ]);
    expect(await suggest(t, '')).toEqual([
      { text: 'impact pack', kind: 'query' },
      { text: 'controlnet', kind: 'query' },
      { text: 'impasto brush', kind: 'query' },
    ]);
    expect(await suggest(t, 'impactf')).toEqual([{ text: 'Impactful Nodes', kind: 'pack', node_id: 'impactful' }]);
  });

  it('offers nothing for punctuation, and copes with long text', async () => {
    const t = await buildTestApp();
    await seedSearchPacks(t, [{ id: 'impact', node: { name: 'Impact Pack' } }]);
    expect(await suggest(t, '?!*')).toEqual([]);
    // The text is cut; a word longer than any indexed one is ignored.
    expect(await suggest(t, `impact ${'y'.repeat(5000)}`)).toEqual([
      { text: 'Impact Pack', kind: 'pack', node_id: 'impact' },
    ]);
    expect(await suggest(t)).toEqual([]);
    const many = Array.from({ length: 10 }, (_, i) => ({ id: `lora-${i}`, node: { name: `Lora ${i}` } }));
    await seedSearchPacks(t, many);
    expect(await suggest(t, 'lora')).toHaveLength(6);
  });

  it('offers comfy-node classes holding the typed words, so a class pasted from a workflow finds its pack', async () => {
    const t = await buildTestApp();
    await seedSearchPacks(t, [
      { id: 'efficiency', node: { name: 'Efficiency Nodes' }, classes: ['KSampler (Efficient)', 'LoRA Stacker'] },
      { id: 'hidden', node: { name: 'Hidden', status: 'NodeStatusBanned' }, classes: ['KSampler Hidden'] },
    ]);
    expect(await suggest(t, 'ksampler eff')).toEqual([
      { text: 'KSampler (Efficient)', kind: 'class', node_id: 'efficiency' },
    ]);
    // A typo the search forgives is not offered as a completion; banned packs' classes never are.
    expect(await suggest(t, 'ksamplr')).toEqual([]);
    expect(await suggest(t, 'lora stack')).toEqual([{ text: 'LoRA Stacker', kind: 'class', node_id: 'efficiency' }]);
  });
});
