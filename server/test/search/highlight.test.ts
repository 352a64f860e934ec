import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database.js';
import { ALL_FIELDS_MASK } from '../../src/engines/search-index/catalogue-index.js';
import type { HighlightTerms } from '../../src/engines/search-index/expand.js';
import { highlightPack } from '../../src/engines/search-index/highlight.js';
import { MemorySearch } from '../../src/engines/search-index/memory-search.js';
import type { StoredPack } from '../../src/engines/search-index/stored-pack.js';
import { importManagerCatalogue } from '../../src/modules/catalogue-import/service.js';
import type { HitMatch, SearchQuery } from '../../src/modules/search/engine.js';
import { loadSearchDocuments } from '../../src/modules/search/repository.js';
import { createTestDatabase } from '../helpers/database.js';
import { managerInputs } from '../import/manager-data.js';
import { RELEVANCE_CASES } from './relevance-cases.js';
import { searchQuery } from './search-query.js';

/**
 * Highlighting skips the fields whose postings hold none of the matched words. It must describe
 * every hit exactly as searching every field does: this search compares the two for each hit.
 */
class ComparingSearch extends MemorySearch {
  readonly differences: string[] = [];
  described = 0;

  protected override describeMatch(slot: number, terms: HighlightTerms, queryKey: string): HitMatch {
    const quick = super.describeMatch(slot, terms, queryKey);
    const pack = this.index.packs[slot] as StoredPack;
    const everyField = highlightPack(pack, terms, queryKey, () => ALL_FIELDS_MASK);
    this.described += 1;
    if (JSON.stringify(quick) !== JSON.stringify(everyField)) this.differences.push(`${queryKey} → ${pack.id}`);
    return quick;
  }
}

const query = (text: string, comfyNodeText = ''): SearchQuery => searchQuery({ text, comfyNodeText, limit: 50 });

describe('search highlights on the real ComfyUI-Manager catalogue', () => {
  let database: DatabaseHandle;
  const search = new ComparingSearch();

  beforeAll(async () => {
    database = await createTestDatabase();
    await importManagerCatalogue({ db: database.db }, managerInputs());
    for (const document of await loadSearchDocuments(database.db)) search.index.upsert(document);
    search.index.pack();
  }, 400_000);
  afterAll(async () => {
    await database?.destroy();
  });

  it('marks the same spans and classes as a search of every field', () => {
    const texts = [
      ...RELEVANCE_CASES.map((c) => c.query),
      'c',
      'co',
      'com',
      'ComfyUI',
      'comfyui ui',
      'ui',
      'sampler',
      'KSampler',
      'imag',
      'lora loader',
      'ipadaptr',
      'comyfui wan',
      'upscale model',
      'mask',
      'face detailer',
      'Load Image',
      'CLIPTextEncode',
      'text',
      'prompt styler',
    ];
    for (const text of texts) search.search(query(text));
    search.search(query('', 'sampler'));
    search.search(query('image', 'mask'));
    expect(search.described).toBeGreaterThan(1500);
    expect(search.differences).toEqual([]);
    const withClasses = search.search(query('KSampler')).hits.filter((h) => (h.match?.comfyNodes.length ?? 0) > 0);
    expect(withClasses.length).toBeGreaterThan(0);
  });
});
