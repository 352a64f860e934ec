import { act, renderHook } from '@testing-library/react';
import { readThemeMode, useThemeMode } from './theme';

const expireThemeCookie = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test removes the cookie the module writes
  document.cookie = 'comfy-registry-theme=; path=/; max-age=0';
};

beforeEach(() => {
  // jsdom has no media queries: a system that prefers light.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
});
afterEach(() => {
  expireThemeCookie();
  document.documentElement.classList.remove('dark');
  document.documentElement.style.colorScheme = '';
  vi.unstubAllGlobals();
});

describe('theme mode', () => {
  it('stores a chosen mode and shares it in a cookie, which still answers once storage is emptied (logout)', () => {
    const { result } = renderHook(() => useThemeMode());
    act(() => result.current[1]('dark'));
    expect(localStorage.getItem('comfy-registry-theme')).toBe('dark');
    expect(document.cookie).toMatch(/(?:^|; )comfy-registry-theme=dark(?:;|$)/);
    expect(document.documentElement.classList.contains('dark')).toBe(true);

    localStorage.clear();
    expect(readThemeMode()).toBe('dark');
  });

  it('prefers what storage holds over the cookie, and falls back to light for unknown values', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the cookie the web listener would have sent back
    document.cookie = 'comfy-registry-theme=dark; path=/';
    localStorage.setItem('comfy-registry-theme', 'auto');
    expect(readThemeMode()).toBe('auto');
    localStorage.setItem('comfy-registry-theme', 'sepia');
    expect(readThemeMode()).toBe('dark');
    expireThemeCookie();
    expect(readThemeMode()).toBe('light');
  });
});
