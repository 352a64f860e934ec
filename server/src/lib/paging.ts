import { type SelectQueryBuilder, sql } from 'kysely';
import { Type } from 'typebox';

/** Pages past this one are empty for any real listing; the cap keeps offsets far from overflow. */
export const MAX_PAGE = 1_000_000;

/**
 * `page` of every paged list. Like the public registry, a missing, zero or negative page means
 * the first one instead of an error; non-numbers are refused before this (see number-guard.ts).
 */
export const PageQuery = Type.Integer({
  description: `Page number from 1; a missing, zero or negative value means 1, values above ${MAX_PAGE} mean ${MAX_PAGE}.`,
});

/**
 * `limit`/`pageSize` of a paged list: clamped to `max`, and a missing, zero or negative size means
 * the default, so a client asking for "everything" (the ComfyUI front end sends `limit=8192`) gets
 * the largest page instead of a 400. The answer reports the size used.
 */
export function PageSizeQuery(fallback: number, max: number) {
  return Type.Integer({
    description: `Page size, default ${fallback}; larger values are clamped to ${max}; zero or negative means ${fallback}. The answer reports the size used.`,
  });
}

/** The page actually served for a requested `page`. */
export function pageNumber(requested: number | undefined): number {
  if (requested === undefined || requested < 1) return 1;
  return Math.min(requested, MAX_PAGE);
}

/** The page size actually served for a requested `limit`/`pageSize`. */
export function pageSize(requested: number | undefined, fallback: number, max: number): number {
  if (requested === undefined || requested < 1) return fallback;
  return Math.min(requested, max);
}

/** The page and size a list is served with, after `pageNumber` and `pageSize`. */
export interface PageWindow {
  page: number;
  limit: number;
}

/** How many rows come before the page. */
export function pageOffset(window: PageWindow): number {
  return (window.page - 1) * window.limit;
}

/** How many pages `total` rows fill at `limit` a page (0 for none). */
export function pageCount(total: number, limit: number): number {
  return Math.ceil(total / limit);
}

/** The envelope of one page of a list: `{total, <key>: items, page, limit, totalPages}`. */
export function pageEnvelope<K extends string, T>(
  key: K,
  items: T[],
  total: number,
  window: PageWindow,
): { total: number; page: number; limit: number; totalPages: number } & Record<K, T[]> {
  const page = { total, page: window.page, limit: window.limit, totalPages: pageCount(total, window.limit) };
  return { ...page, [key]: items } as typeof page & Record<K, T[]>;
}

/**
 * Counts the rows of a filtered query and reads one page of them, ordered and selected by `page`.
 * Both run at once; `page` gets the query with its limit and offset already set.
 */
export async function countAndPage<DB, TB extends keyof DB, O, Row>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  page: (query: SelectQueryBuilder<DB, TB, O>) => { execute(): Promise<Row[]> },
  window: PageWindow,
): Promise<{ total: number; rows: Row[] }> {
  const [count, rows] = await Promise.all([
    filtered.select(sql<number | string | bigint>`count(*)`.as('n')).executeTakeFirst(),
    page(filtered.limit(window.limit).offset(pageOffset(window))).execute(),
  ]);
  return { total: Number((count as { n?: unknown } | undefined)?.n ?? 0), rows };
}
