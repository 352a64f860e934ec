import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';

/** `text` with LIKE's own characters (`\`, `%`, `_`) escaped, so they match themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Whether any of the expressions contains `text` (as given: lower-case both sides for a search
 * that ignores case). SQLite has no default LIKE escape character, so it is named for both dialects.
 */
export function containsAny(expressions: readonly Expression<unknown>[], text: string): RawBuilder<SqlBool> {
  return likeAny(expressions, `%${escapeLike(text)}%`);
}

/** Whether any of the expressions starts with `text` (as given, like `containsAny`). */
export function startsWithAny(expressions: readonly Expression<unknown>[], text: string): RawBuilder<SqlBool> {
  return likeAny(expressions, `${escapeLike(text)}%`);
}

function likeAny(expressions: readonly Expression<unknown>[], pattern: string): RawBuilder<SqlBool> {
  const tests = expressions.map((e) => sql<SqlBool>`${e} like ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(tests, sql` or `)})`;
}

/** `lower(column)`, for a search that ignores case. */
export function lower(column: string): RawBuilder<string> {
  return sql<string>`lower(${sql.ref(column)})`;
}
