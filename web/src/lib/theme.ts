import { useCallback, useSyncExternalStore } from 'react';
import { readStorage, storageKeys, writeStorage } from './storage-keys';

/** The theme a person can choose; "auto" follows the system's dark preference. */
export type ThemeMode = 'light' | 'dark' | 'auto';

export const themeModes: readonly ThemeMode[] = ['light', 'dark', 'auto'];

/** The stored mode, defaulting to light for anything unknown. */
export function readThemeMode(): ThemeMode {
  const stored = readStorage('local', storageKeys.theme);
  return stored === 'dark' || stored === 'auto' ? stored : 'light';
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
    applyTheme(next);
    for (const l of listeners) l();
  }, []);
  return [mode, setMode];
}
