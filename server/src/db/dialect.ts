import { type Kysely, PostgresAdapter } from 'kysely';

/** The two databases the registry runs on. */
export type DialectName = 'sqlite' | 'postgres';

/** Which dialect a Kysely instance speaks, read from its adapter. */
export function dialectOf<DB>(db: Kysely<DB>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** Column types that differ between the dialects, for migrations. */
export function columnTypes(dialect: DialectName) {
  return {
    timestamp: dialect === 'postgres' ? ('timestamptz' as const) : ('text' as const),
    boolean: dialect === 'postgres' ? ('boolean' as const) : ('integer' as const),
    bigint: dialect === 'postgres' ? ('bigint' as const) : ('integer' as const),
  };
}
