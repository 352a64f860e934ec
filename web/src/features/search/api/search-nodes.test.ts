import { embeddedSearchPath } from './search-nodes';

describe('embeddedSearchPath', () => {
  it('spells the first page of an unfiltered search as the web listener embeds it', () => {
    // server/test/web-listener/compression.test.ts reads the same two keys out of a served page.
    expect(embeddedSearchPath({ search: 'upscale', sort: 'relevance', page: 1, limit: 20 })).toBe(
      '/nodes/search?search=upscale&sort=relevance&limit=20',
    );
    expect(embeddedSearchPath({ sort: 'downloads', page: 1, limit: 20 })).toBe(
      '/nodes/search?search=&sort=downloads&limit=20',
    );
  });

  it('has no embedded answer for later pages or filtered searches', () => {
    expect(embeddedSearchPath({ search: 'x', sort: 'relevance', page: 2, limit: 20 })).toBeUndefined();
    expect(
      embeddedSearchPath({ search: 'x', sort: 'relevance', page: 1, limit: 20, supported_os: ['linux'] }),
    ).toBeUndefined();
    expect(embeddedSearchPath({ search: 'x', sort: 'relevance', page: 1, limit: 20, tags: ['video'] })).toBeUndefined();
  });
});
