/** A TanStack query key: the API path first, then whatever else tells two answers of that path apart. */
export type ApiQueryKey = readonly [string, ...unknown[]];

/**
 * The query key of a read: its path without a trailing slash (the form `pathsToInvalidate`
 * announces after a write, see `requestPath`), then its parameters. Every key is built here, so a
 * read and the invalidation that should reach it can never spell one endpoint two ways.
 */
export function keyFor(path: string, ...params: unknown[]): ApiQueryKey {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return [trimmed || '/', ...params];
}
