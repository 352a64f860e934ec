/**
 * Batching for bulk writes. PostgreSQL accepts at most 65,535 bound parameters per statement and
 * SQLite's limit depends on how it was built, so multi-row statements stay well under both.
 */
const PARAMETERS_PER_STATEMENT = 8_000;

/** Splits `items` into consecutive slices of at most `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** How many rows of `columns` columns fit one multi-row INSERT on either database. */
export function rowsPerInsert(columns: number): number {
  return Math.max(1, Math.floor(PARAMETERS_PER_STATEMENT / columns));
}

/** Ids per `where ... in (...)` list. */
export const IDS_PER_QUERY = 1_000;
