import { useCallback, useSyncExternalStore } from 'react';
import { readStorage, storageKeys, writeStorage } from './storage-keys';

/** The theme a person can choose; "auto" follows the system's dark preference. */
export type ThemeMode = 'light' | 'dark' | 'auto';

export const themeModes: readonly ThemeMode[] = ['light', 'dark', 'auto'];

const ONE_YEAR_SECONDS = 31_536_000;

/** The mode a stored or cookie value names, or null for anything unknown. */
export function parseThemeMode(value: string | null | undefined): ThemeMode | null {
  return value === 'light' || value === 'dark' || value === 'auto' ? value : null;
}

/** The mode the cookie names (shared with the web listener), or null. */
function themeCookie(): ThemeMode | null {
  try {
    return parseThemeMode(new RegExp(`(?:^|;\\s*)${storageKeys.theme}=([a-z]+)(?:;|$)`).exec(document.cookie)?.[1]);
  } catch {
    return null;
  }
}

/**
 * The stored mode; after logout emptied storage (SPEC), the cookie's; else light. The cookie is
 * what the web listener renders `<html>` by, so the first paint already has the right theme.
 */
export function readThemeMode(): ThemeMode {
  return parseThemeMode(readStorage('local', storageKeys.theme)) ?? themeCookie() ?? 'light';
}

/** Writes the mode to the cookie the web listener reads; blocked cookies leave storage alone in charge. */
export function shareThemeWithServer(mode: ThemeMode): void {
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: a fixed, well-formed value; the Cookie Store API is missing from some browsers the app supports
    document.cookie = `${storageKeys.theme}=${mode}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
  } catch {
    // Cookies blocked: the theme lasts until logout empties storage.
  }
}

/** Whether a mode renders dark, given the system preference. */
export function isDark(mode: ThemeMode, systemPrefersDark: boolean): boolean {
  return mode === 'dark' || (mode === 'auto' && systemPrefersDark);
}

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

/** Puts the mode on <html> (the same rule index.html applies before the first paint). */
export function applyTheme(mode: ThemeMode): void {
  const dark = isDark(mode, darkQuery().matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const media = darkQuery();
  const onSystemChange = () => {
    if (readThemeMode() === 'auto') applyTheme('auto');
  };
  media.addEventListener('change', onSystemChange);
  return () => {
    listeners.delete(listener);
    media.removeEventListener('change', onSystemChange);
  };
}

/** The current theme mode and a setter that stores and applies it. */
export function useThemeMode(): [ThemeMode, (mode: ThemeMode) => void] {
  const mode = useSyncExternalStore(subscribe, readThemeMode, () => 'light' as const);
  const setMode = useCallback((next: ThemeMode) => {
    writeStorage('local', storageKeys.theme, next);
    shareThemeWithServer(next);
    applyTheme(next);
    for (const l of listeners) l();
  }, []);
  return [mode, setMode];
}
