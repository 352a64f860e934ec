import type { SearchQuery } from '../../src/modules/search/engine.js';

/** A search as the service hands it to an engine: no text, no filters, relevance order, first 10. */
export function searchQuery(overrides: Partial<SearchQuery> = {}): SearchQuery {
  return {
    text: '',
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
    ...overrides,
  };
}
