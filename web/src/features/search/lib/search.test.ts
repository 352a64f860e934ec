import { readFileSync } from 'node:fs';
import path from 'node:path';
import { supportedLanguages } from '../../../i18n/languages';
import { flatten, type TranslationTree } from '../../../i18n/missing-keys';
import { formatCompact } from '../../../lib/format';
import { highlightSegments } from './highlight';
import { addRecentSearch, clearRecentSearches, readRecentSearches } from './recent-searches';
import { noFilters, parseSearchState, searchStateToParams } from './search-params';

describe('highlightSegments', () => {
  it('marks the spans and keeps every character once', () => {
    expect(highlightSegments('KSampler Efficient', [{ start: 0, end: 8 }])).toEqual([
      { text: 'KSampler', match: true },
      { text: ' Efficient', match: false },
    ]);
  });

  it('clamps, sorts and merges bad or overlapping spans', () => {
    const segments = highlightSegments('abcdef', [
      { start: 4, end: 99 },
      { start: 1, end: 3 },
      { start: 2, end: 4 },
      { start: -5, end: 0 },
    ]);
    expect(segments.map((s) => s.text).join('')).toBe('abcdef');
    expect(segments.filter((s) => s.match).map((s) => s.text)).toEqual(['bc', 'd', 'ef']);
  });

  it('returns the whole text when nothing matched', () => {
    expect(highlightSegments('<b>x</b>', undefined)).toEqual([{ text: '<b>x</b>', match: false }]);
  });
});

describe('search state in the URL', () => {
  it('round-trips query, sort, filters and page, leaving defaults out', () => {
    const params = new URLSearchParams(
      'q=upscale&sort=stars&os=linux&os=macos&accelerator=cuda&publisher=acme&publisher=comfy&tag=video&page=3',
    );
    const state = parseSearchState(params);
    expect(state).toEqual({
      q: 'upscale',
      sort: 'stars',
      os: ['linux', 'macos'],
      accelerator: ['cuda'],
      publisher: ['acme', 'comfy'],
      tags: ['video'],
      page: 3,
    });
    expect(searchStateToParams(state).toString()).toBe(params.toString());
    expect(searchStateToParams({ ...state, q: '', sort: 'relevance', ...noFilters }).toString()).toBe('');
  });

  it('ignores unknown values', () => {
    expect(parseSearchState(new URLSearchParams('sort=evil&os=beos&page=-2'))).toEqual({
      q: '',
      sort: 'relevance',
      os: [],
      accelerator: [],
      publisher: [],
      tags: [],
      page: 1,
    });
  });

  it('cleans publisher and tag values: trimmed, no blanks, no repeats, none too long, at most 20', () => {
    const params = new URLSearchParams();
    for (const tag of [' video ', '', 'video', 'x'.repeat(201), ...Array.from({ length: 30 }, (_, i) => `t${i}`)]) {
      params.append('tag', tag);
    }
    const { tags } = parseSearchState(params);
    expect(tags[0]).toBe('video');
    expect(tags).toHaveLength(20);
    expect(new Set(tags).size).toBe(20);
  });
});

describe('recent searches', () => {
  beforeEach(() => clearRecentSearches());

  it('keeps the last three, newest first, without repeats', () => {
    let recent: string[] = [];
    for (const query of ['a', 'b', 'c', 'B', 'd']) recent = addRecentSearch(query, recent);
    expect(recent).toEqual(['d', 'B', 'c']);
    expect(readRecentSearches()).toEqual(['d', 'B', 'c']);
    clearRecentSearches();
    expect(readRecentSearches()).toEqual([]);
  });
});

describe('formatCompact', () => {
  it('shortens counts for the language', () => {
    expect(formatCompact(1234, 'en')).toBe('1.2K');
    expect(formatCompact(999, 'en')).toBe('999');
    expect(formatCompact(2_500_000, 'en')).toBe('2.5M');
  });
});

describe('search translations', () => {
  const dir = path.resolve(__dirname, '../../../../public/locales');
  const read = (language: string) =>
    flatten(JSON.parse(readFileSync(path.join(dir, language, 'search.json'), 'utf8')) as TranslationTree);
  const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
  const english = read('en');

  it.each(supportedLanguages.filter((l) => l !== 'en'))('%s has the English keys and plural forms', (language) => {
    const own = read(language);
    expect(new Set(Object.keys(own).map(base))).toEqual(new Set(Object.keys(english).map(base)));
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const plurals = new Set(
      Object.keys(english)
        .filter((k) => k !== base(k))
        .map(base),
    );
    for (const key of plurals) for (const category of categories) expect(own).toHaveProperty([`${key}_${category}`]);
    for (const value of Object.values(own)) expect(value.trim()).not.toBe('');
  });
});
