import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Sum of `download_counts` per day for a pack since `fromDay` (inclusive). */
export async function sumDownloadsByDay(
  db: Kysely<Database>,
  nodeId: string,
  fromDay: string,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('download_counts')
    .select(['day', (eb) => eb.fn.sum<number | string>('count').as('count')])
    .where('node_id', '=', nodeId)
    .where('day', '>=', fromDay)
    .groupBy('day')
    .execute();
  return new Map(rows.map((r) => [r.day, Number(r.count)]));
}
