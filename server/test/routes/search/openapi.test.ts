import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';

type Operation = { operationId?: string; parameters?: { name: string; in: string }[] };

describe('search in the OpenAPI document', () => {
  it('documents both routes, their parameters and the search-specific types', async () => {
    const t = await buildTestApp();
    const doc = (await t.anon.get('/openapi')).json() as {
      paths: Record<string, Record<string, Operation>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    expect(doc.paths['/nodes/search']?.get?.operationId).toBe('searchNodes');
    expect(doc.paths['/nodes/search/suggestions']?.get?.operationId).toBe('listSearchSuggestions');
    expect((doc.paths['/nodes/search']?.get?.parameters ?? []).map((p) => p.name).sort()).toEqual([
      'comfy_node_search',
      'include_banned',
      'limit',
      'page',
      'publisher',
      'repository_url_search',
      'search',
      'sort',
      'supported_accelerator',
      'supported_os',
      'tags',
    ]);
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['SearchNodesPage', 'SearchNode', 'SearchMatch', 'TextRange', 'SearchSuggestions']),
    );
    // A search hit is a listed node plus `search_match`, nothing else.
    const node = Object.keys(doc.components.schemas.Node?.properties ?? {});
    expect(Object.keys(doc.components.schemas.SearchNode?.properties ?? {}).sort()).toEqual(
      [...node, 'search_match'].sort(),
    );
  });
});
