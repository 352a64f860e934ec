import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Adds to the per-day counts of search texts. */
export async function addQueryCounts(db: Db, day: string, counts: ReadonlyMap<string, number>): Promise<void> {
  if (counts.size === 0) return;
  await db
    .insertInto('search_queries')
    .values([...counts].map(([query, count]) => ({ query, day, count })))
    .onConflict((oc) =>
      oc
        .columns(['query', 'day'])
        .doUpdateSet((eb) => ({ count: eb('search_queries.count', '+', eb.ref('excluded.count')) })),
    )
    .execute();
}

/** Search texts made at least `minCount` times since `sinceDay`, most made first. */
export async function loadPopularQueries(
  db: Db,
  sinceDay: string,
  minCount: number,
  limit: number,
): Promise<{ query: string; count: number }[]> {
  const rows = await db
    .selectFrom('search_queries')
    .select((eb) => ['query', eb.fn.sum<number>('count').as('total')])
    .where('day', '>=', sinceDay)
    .groupBy('query')
    .having((eb) => eb.fn.sum('count'), '>=', minCount)
    .orderBy('total', 'desc')
    .orderBy('query')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ query: r.query, count: Number(r.total) }));
}

/** Forgets counts older than `beforeDay`. */
export async function deleteQueryCountsBefore(db: Db, beforeDay: string): Promise<void> {
  await db.deleteFrom('search_queries').where('day', '<', beforeDay).execute();
}
