import { readStorage, storageKeys, writeStorage } from '../../../lib/storage-keys';

/** How many recent searches are kept. */
export const RECENT_LIMIT = 3;

/** The last searches, newest first (empty when storage is blocked or holds junk). */
export function readRecentSearches(): string[] {
  try {
    const parsed: unknown = JSON.parse(readStorage('local', storageKeys.recentSearches) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((item): item is string => typeof item === 'string' && item.trim() !== '')
      .slice(0, RECENT_LIMIT);
  } catch {
    return [];
  }
}

/** Puts `query` first (once, case-insensitively) and keeps the last three. */
export function addRecentSearch(query: string, current: readonly string[]): string[] {
  const trimmed = query.trim();
  if (trimmed === '') return [...current];
  const next = [trimmed, ...current.filter((item) => item.toLowerCase() !== trimmed.toLowerCase())].slice(
    0,
    RECENT_LIMIT,
  );
  writeStorage('local', storageKeys.recentSearches, JSON.stringify(next));
  return next;
}

/** Forgets every recent search. */
export function clearRecentSearches(): void {
  writeStorage('local', storageKeys.recentSearches, null);
}
