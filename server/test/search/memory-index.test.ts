import { describe, expect, it } from 'vitest';
import type { SearchDocument } from '../../src/modules/search/document.js';
import type { SearchQuery } from '../../src/modules/search/engine.js';
import { MemorySearch } from '../../src/modules/search/memory/memory-search.js';

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

const query = (text: string, extra: Partial<SearchQuery> = {}): SearchQuery => ({
  text,
  comfyNodeText: '',
  repositoryText: '',
  publisherIds: [],
  tags: [],
  os: [],
  accelerators: [],
  includeBanned: false,
  sort: 'relevance',
  offset: 0,
  limit: 10,
  ...extra,
});

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
});
