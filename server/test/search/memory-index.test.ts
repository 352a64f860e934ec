import { describe, expect, it } from 'vitest';
import type { SearchDocument } from '../../src/engines/search-index/document.js';
import { MemorySearch } from '../../src/engines/search-index/memory-search.js';
import type { SearchQuery } from '../../src/modules/search/engine.js';
import { searchQuery } from './search-query.js';

const doc = (id: string, name: string, extra: Partial<SearchDocument> = {}): SearchDocument => ({
  id,
  name,
  description: '',
  author: '',
  publisherId: 'acme',
  publisherName: 'Acme',
  tags: [],
  repository: '',
  normalizedRepository: '',
  comfyNodes: [],
  supportedOs: [],
  supportedAccelerators: [],
  banned: false,
  searchRanking: 5,
  downloads: 0,
  stars: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...extra,
});

const query = (text: string, extra: Partial<SearchQuery> = {}): SearchQuery => searchQuery({ text, ...extra });

describe('the in-memory catalogue index', () => {
  it('stays correct through thousands of updates, compacting replaced entries away', () => {
    const search = new MemorySearch();
    for (let i = 0; i < 20; i++) search.index.upsert(doc(`pack-${i}`, `Pack number ${i}`, { downloads: i }));
    for (let round = 0; round < 3000; round++) {
      const i = round % 20;
      search.index.upsert(doc(`pack-${i}`, round % 2 ? `Pack number ${i}` : `Renamed ${i}`, { downloads: i }));
    }
    // Fully compacted: only live slots remain.
    expect(search.index.packs.length).toBeLessThan(1100);
    expect(search.index.size).toBe(20);
    const found = search.search(query('pack number'));
    expect(found.total).toBe(10);
    expect(found.hits.slice(0, 2).map((h) => h.id)).toEqual(['pack-19', 'pack-17']);
    expect(found.hits[0]?.match?.name).toEqual([
      { start: 0, end: 4 },
      { start: 5, end: 11 },
    ]);
    expect(search.search(query('renamed')).total).toBe(10);
    expect(search.search(query('renamed 4')).hits.map((h) => h.id)).toEqual(['pack-4']);
    search.index.remove('pack-4');
    // No pack has both words any more, so packs with some of them are offered instead.
    expect(search.search(query('renamed 4')).hits.map((h) => h.id)).not.toContain('pack-4');
    expect(search.search(query('')).total).toBe(19);
  });

  it('finds packs by whole name and repository among thousands, before and after compacting', () => {
    const search = new MemorySearch();
    const repo = (i: number, prefix = 'r') => ({
      repository: `https://github.com/o/${prefix}${i}`,
      normalizedRepository: `github.com/o/${prefix}${i}`,
    });
    for (let i = 0; i < 3000; i++) search.index.upsert(doc(`pack-${i}`, `Alpha ${i}`, { downloads: i, ...repo(i) }));
    // Two packs under one name key, a more popular one whose name only contains it.
    search.index.upsert(doc('twin-a', 'Twin', { downloads: 1 }));
    search.index.upsert(doc('twin-b', 'Twin', { downloads: 2 }));
    search.index.upsert(doc('twin-c', 'Twin Extra', { downloads: 100_000 }));
    const first = (text: string) => search.search(query(text)).hits[0]?.id;
    const twins = () => search.search(query('twin')).hits.map((h) => h.id);
    expect(first('https://github.com/o/r2500')).toBe('pack-2500');
    expect(twins()).toEqual(['twin-b', 'twin-a', 'twin-c']);
    // Replacing 1,100 packs leaves a quarter of the slots dead: the index compacts.
    for (let i = 0; i < 1100; i++)
      search.index.upsert(doc(`pack-${i}`, `Alpha ${i}`, { downloads: i, ...repo(i, 'n') }));
    expect(search.index.packs.length).toBeLessThan(3200);
    expect(first('https://github.com/o/r2500')).toBe('pack-2500');
    expect(first('github.com/o/n10')).toBe('pack-10');
    expect(first('github.com/o/r10')).not.toBe('pack-10');
    expect(twins()).toEqual(['twin-b', 'twin-a', 'twin-c']);
  });

  it('re-orders by new download and star counts without re-indexing', () => {
    const search = new MemorySearch();
    search.index.upsert(doc('a', 'Depth A', { downloads: 10 }));
    search.index.upsert(doc('b', 'Depth B', { downloads: 5 }));
    expect(search.search(query('depth')).hits.map((h) => h.id)).toEqual(['a', 'b']);
    search.index.setPopularity([{ id: 'b', searchRanking: 5, downloads: 50, stars: 0 }]);
    expect(search.search(query('depth')).hits.map((h) => h.id)).toEqual(['b', 'a']);
    search.index.setPopularity([{ id: 'a', searchRanking: 1, downloads: 0, stars: 0 }]);
    expect(search.search(query('depth', { sort: 'downloads' })).hits.map((h) => h.id)).toEqual(['b', 'a']);
    expect(search.search(query('depth')).hits.map((h) => h.id)).toEqual(['a', 'b']);
  });

  it('matches every word whichever is rarest, falling back to some words only when no pack has all', () => {
    const search = new MemorySearch();
    // "upscale" is in every pack, "tile" in a few, "wan" in one: matching starts from the rarest word.
    for (let i = 0; i < 300; i++) {
      search.index.upsert(doc(`up-${i}`, `Upscale ${i % 10 === 0 ? 'Tile' : 'Plain'} ${i}`, { downloads: i }));
    }
    search.index.upsert(doc('wan-up', 'Upscale Wan', { description: 'tile-free upscaling' }));
    // The rarest unit found only through a compound (`IP Adapter` written as one word).
    search.index.upsert(doc('ip-up', 'Upscale ipadapter'));

    const tiled = search.search(query('upscale tile', { limit: 100 }));
    expect(tiled.total).toBe(31);
    expect(tiled.hits.map((h) => h.id)).toContain('wan-up');
    expect(tiled.hits.map((h) => h.id)).toContain('up-290');
    expect(search.search(query('tile upscale wan')).hits.map((h) => h.id)).toEqual(['wan-up']);
    expect(search.search(query('upscale ip adapter')).hits.map((h) => h.id)).toEqual(['ip-up']);

    // No pack has all three: packs with most of the words come first, then the others.
    const partial = search.search(query('wan tile zebra', { limit: 40 }));
    expect(partial.total).toBe(31);
    expect(partial.hits[0]?.id).toBe('wan-up');
    expect(partial.hits.slice(1).every((h) => h.id.startsWith('up-'))).toBe(true);
  });

  it('names the matching comfy-node classes of a hit, by class or display name, an exact one first', () => {
    const search = new MemorySearch();
    search.index.upsert(
      doc('sampler-pack', 'Sampler Pack', {
        comfyNodes: [
          { name: 'AdvancedKSampler', displayName: '' },
          { name: 'LatentBlend', displayName: 'Latent Mixer' },
          { name: 'KSampler', displayName: 'K Sampler' },
          { name: 'ImageResize', displayName: 'Resize (sampler aware)' },
        ],
      }),
    );
    const sampler = search.search(query('ksampler')).hits[0]?.match;
    expect(sampler?.comfyNodes).toEqual([
      { name: 'KSampler', ranges: [{ start: 0, end: 8 }] },
      { name: 'AdvancedKSampler', ranges: [{ start: 8, end: 16 }] },
    ]);
    expect(sampler?.comfyNodesMatched).toBe(2);
    expect(sampler?.comfyNodesTotal).toBe(4);
    // A class found by its display name is listed without spans in its class name.
    const blend = search.search(query('mixer')).hits[0]?.match;
    expect(blend?.comfyNodes).toEqual([{ name: 'LatentBlend', ranges: [] }]);
    // A word only in the name and description lists no class.
    expect(search.search(query('pack')).hits[0]?.match?.comfyNodes).toEqual([]);

    // The same for a pack with many classes (tested through its stored class letters).
    search.index.upsert(
      doc('big-pack', 'Big Toolbox', {
        comfyNodes: [
          ...Array.from({ length: 30 }, (_, i) => ({
            name: `Filler${String.fromCharCode(97 + i)}Node`,
            displayName: '',
          })),
          { name: 'ToolboxKSampler', displayName: '' },
          { name: 'LatentTwist', displayName: 'Twist Mixer' },
        ],
      }),
    );
    const big = (text: string) => search.search(query(text)).hits.find((h) => h.id === 'big-pack')?.match;
    expect(big('ksampler')?.comfyNodes).toEqual([{ name: 'ToolboxKSampler', ranges: [{ start: 7, end: 15 }] }]);
    expect(big('mixer')?.comfyNodes).toEqual([{ name: 'LatentTwist', ranges: [] }]);
    expect(big('fillerc')?.comfyNodes).toEqual([{ name: 'FillercNode', ranges: [{ start: 0, end: 7 }] }]);
    expect(big('toolbox')).toMatchObject({ comfyNodesMatched: 1, comfyNodesTotal: 32 });
    // A word in every filler class: each counted once, the first ten listed in the pack's order.
    const filler = big('filler');
    expect(filler).toMatchObject({ comfyNodesMatched: 30, comfyNodesTotal: 32 });
    expect(filler?.comfyNodes.map((c) => c.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Filler${String.fromCharCode(97 + i)}Node`),
    );
    expect(filler?.comfyNodes[0]?.ranges).toEqual([{ start: 0, end: 6 }]);
  });

  it('completes a typed prefix with its most common words, including words added after the build', () => {
    const search = new MemorySearch();
    // 150 words start with "zet": one in 20 packs, the rest in one pack each.
    const letters = (i: number) => String.fromCharCode(97 + Math.floor(i / 26), 97 + (i % 26));
    for (let i = 0; i < 150; i++) search.index.upsert(doc(`rare-${i}`, `Zet${letters(i)} Tools`));
    for (let i = 0; i < 20; i++) search.index.upsert(doc(`common-${i}`, `Zetcommon Tools ${i}`, { downloads: i }));
    search.index.pack();
    // Only the 100 most common completions count: the common word (also joined with the next:
    // `zetcommontools`) and 98 rare ones, alphabetically first (`zetaa`, `zetaatools`, ...).
    const typed = search.search(query('zet', { limit: 200 }));
    expect(typed.total).toBe(20 + 49);
    expect(typed.hits.slice(0, 2).map((h) => h.id)).toEqual(['common-19', 'common-18']);
    expect(typed.hits.map((h) => h.id)).toContain('rare-0');
    expect(typed.hits.map((h) => h.id)).not.toContain('rare-149');
    search.index.upsert(doc('late', 'Zetlate Tools'));
    search.index.upsert(doc('later', 'Aardvark Zetlater'));
    expect(search.search(query('zetlat')).hits.map((h) => h.id)).toEqual(['late', 'later']);
    expect(search.search(query('aardv')).hits.map((h) => h.id)).toEqual(['later']);
  });
});
