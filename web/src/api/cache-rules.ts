/** HTTP methods the API client sends. */
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Query `staleTime`: always refetch on mount (stale data still renders meanwhile). */
export const STALE_TIME_MS = 0;
/** Query `gcTime` and persisted `maxAge`: one day. */
export const ONE_DAY_MS = 86_400_000;
/** Persistence writes at most once per second. */
export const PERSIST_THROTTLE_MS = 1000;
/** localStorage key of the persisted cache. */
export const CACHE_STORAGE_KEY = 'comfy-registry-cache';

/** Headers that make the server and any CDN answer fresh after a write. */
export const noCacheHeaders = {
  'Cache-Control': 'no-cache, no-store, must-revalidate',
  Pragma: 'no-cache',
  Expires: '0',
} as const;

/** The path part of a request URL, without query, hash or trailing slash (the root stays "/"). */
export function requestPath(url: string): string {
  const pathname = new URL(url, 'http://registry.invalid').pathname;
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * Query-key paths to invalidate after a successful request: the path itself after a POST; the
 * path and its parent (last segment removed) after PUT, PATCH or DELETE; nothing after reads.
 */
export function pathsToInvalidate(method: string, url: string): string[] {
  const verb = method.toUpperCase();
  const path = requestPath(url);
  if (verb === 'POST') return [path];
  if (verb === 'PUT' || verb === 'PATCH' || verb === 'DELETE') {
    const cut = path.lastIndexOf('/');
    const parent = cut > 0 ? path.slice(0, cut) : '/';
    return parent === path ? [path] : [path, parent];
  }
  return [];
}

/** The HTTP status carried by an error, if any. */
export function statusOf(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'status' in error) {
    const status = (error as { status: unknown }).status;
    if (typeof status === 'number') return status;
  }
  return undefined;
}

/** Answers that asking again cannot change: the thing is missing (404) or refused (403, e.g. banned). */
const FINAL_STATUSES = new Set([403, 404]);

/**
 * TanStack Query's retry rule. `failureCount` counts the failed attempts before the one that just
 * failed (0 at the first failure), so `failureCount + 1` attempts have been made: retry while that
 * is fewer than 3, and never after a 403 or 404, so a banned or missing pack says so at once.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined && FINAL_STATUSES.has(status)) return false;
  return failureCount + 1 < 3;
}

/** True when every id a query needs is present (non-empty). Used as `enabled`. */
export function hasIds(...ids: (string | number | null | undefined)[]): boolean {
  return ids.every((id) => id !== undefined && id !== null && String(id) !== '');
}

/** Whether a query belongs in the persisted cache: anything that has settled (not pending). */
export function shouldPersistQuery(query: { state: { status: string } }): boolean {
  return query.state.status !== 'pending';
}
