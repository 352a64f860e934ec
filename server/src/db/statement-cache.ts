import type { Database as BetterSqlite, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * Kysely prepares every query again on SQLite; compiling the SQL costs more than running it for
 * the small indexed queries that make up most requests (the install path spent about a third of
 * its time in `prepare`). This keeps the compiled statements of recent SQL texts and hands them
 * out again. A statement still being iterated (a streaming read) is never handed out twice.
 */
export function withStatementCache(db: BetterSqlite, maxStatements = 1000): SqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    close: () => db.close(),
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = db.prepare(sql);
      if (!cached) {
        // Forget everything rather than track recency: statement texts are few and stable.
        if (statements.size >= maxStatements) statements.clear();
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
