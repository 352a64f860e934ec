import { boxOptions } from './box-options';
import { addRecentSearch, clearRecentSearches, readRecentSearches } from './recent-searches';

describe('the search box list', () => {
  it('puts matching past searches first, then the server’s queries, classes and packs without repeats', () => {
    const options = boxOptions(
      'b',
      'ksa',
      'ksa',
      ['KSampler efficient', 'upscale'],
      [
        { text: 'ksampler efficient', kind: 'query' },
        { text: 'KSampler (Efficient)', kind: 'class', node_id: 'efficiency-nodes' },
        { text: 'KSampler Pack', kind: 'pack', node_id: 'ksampler-pack' },
      ],
    );
    expect(options.map(({ text, kind, nodeId }) => ({ text, kind, nodeId }))).toEqual([
      { text: 'KSampler efficient', kind: 'recent', nodeId: undefined },
      { text: 'KSampler (Efficient)', kind: 'class', nodeId: 'efficiency-nodes' },
      { text: 'KSampler Pack', kind: 'pack', nodeId: 'ksampler-pack' },
    ]);
    expect(new Set(options.map((o) => o.id)).size).toBe(options.length);
  });

  it('shows every past search while nothing is typed, and no stale server suggestions', () => {
    const options = boxOptions('b', '', '', ['a', 'b'], [{ text: 'old', kind: 'query' }]);
    expect(options.map((o) => o.text)).toEqual(['a', 'b']);
  });

  it('remembers the last three searches in local storage, newest first, once each', () => {
    let recent = readRecentSearches();
    expect(recent).toEqual([]);
    for (const query of ['upscale', 'lora', ' Upscale ', 'controlnet', 'ipadapter'])
      recent = addRecentSearch(query, recent);
    expect(recent).toEqual(['ipadapter', 'controlnet', 'Upscale']);
    expect(readRecentSearches()).toEqual(recent);
    // Logout empties local storage (SPEC), and with it this list; so does the Clear button.
    clearRecentSearches();
    expect(readRecentSearches()).toEqual([]);
    localStorage.setItem('comfy-registry-recent-searches', '{"not":"a list"}');
    expect(readRecentSearches()).toEqual([]);
  });
});
