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
