import { afterSignIn, fromUrlQuery, parseFromUrl } from './from-url';

describe('parseFromUrl', () => {
  it('reads the first fromUrl value', () => {
    expect(parseFromUrl('?fromUrl=%2Fnodes%3Fpage%3D2&fromUrl=%2Fadmin')).toBe('/nodes?page=2');
  });

  it('is null when absent or empty', () => {
    expect(parseFromUrl('')).toBeNull();
    expect(parseFromUrl('?other=1')).toBeNull();
    expect(parseFromUrl('?fromUrl=')).toBeNull();
  });

  it('keeps query and hash of a same-origin path', () => {
    expect(parseFromUrl('?fromUrl=%2Fpublishers%2Facme%3Ftab%3Dtokens%23keys')).toBe(
      '/publishers/acme?tab=tokens#keys',
    );
  });

  it.each([
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    'javascript:alert(1)',
    'nodes',
    '/%0a/evil',
  ])('refuses %s', (value) => {
    const decoded = decodeURIComponent(value);
    expect(parseFromUrl(new URLSearchParams({ fromUrl: decoded }))).toBeNull();
  });

  it('refuses sign-in and sign-out screens as destinations', () => {
    expect(parseFromUrl('?fromUrl=%2Fauth%2Flogin')).toBeNull();
    expect(parseFromUrl('?fromUrl=%2Fauth%2Flogout')).toBeNull();
  });
});

it('builds the fromUrl query from the current path', () => {
  expect(fromUrlQuery('/nodes?x=1#y')).toBe('fromUrl=%2Fnodes%3Fx%3D1%23y');
  expect(parseFromUrl(`?${fromUrlQuery('/nodes?x=1#y')}`)).toBe('/nodes?x=1#y');
});

it('falls back to Your Nodes after sign-in', () => {
  expect(afterSignIn('')).toBe('/nodes');
  expect(afterSignIn('?fromUrl=%2Fadmin')).toBe('/admin');
});
