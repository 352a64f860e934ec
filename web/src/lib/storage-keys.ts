/** Every browser-storage key the app uses, in one place (index.html mirrors the first two). */
export const storageKeys = {
  /** localStorage: light | dark | auto; also a cookie the web listener reads (it outlives logout). */
  theme: 'comfy-registry-theme',
  /** localStorage: the chosen interface language code; also a cookie the web listener reads. */
  language: 'comfy-registry-language',
  /** localStorage: "true" when dynamic translation is on (default off). */
  dynamicTranslation: 'comfy-registry-dynamic-translation',
  /** localStorage: the persisted query cache. */
  queryCache: 'comfy-registry-cache',
  /** localStorage: the last three searches (JSON array of strings). */
  recentSearches: 'comfy-registry-recent-searches',
  /** sessionStorage: the current identity token. */
  idToken: 'idToken',
  /** sessionStorage: when the identity token expires (ISO time). */
  idTokenExpiresAt: 'idTokenExpiresAt',
} as const;

/** Reads a key, treating blocked storage (private modes, sandboxed frames) as empty. */
export function readStorage(storage: 'local' | 'session', key: string): string | null {
  try {
    return (storage === 'local' ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

/** Writes or removes a key; blocked storage is ignored, the app keeps working in memory. */
export function writeStorage(storage: 'local' | 'session', key: string, value: string | null): void {
  try {
    const target = storage === 'local' ? window.localStorage : window.sessionStorage;
    if (value === null) target.removeItem(key);
    else target.setItem(key, value);
  } catch {
    // Storage unavailable: nothing to persist.
  }
}
