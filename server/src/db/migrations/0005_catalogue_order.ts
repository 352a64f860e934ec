import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * The default catalogue order is `coalesce(search_ranking, 5), downloads desc, id` (an unranked
 * pack counts as rank 5), which the plain column index of 0001 cannot serve. This expression
 * index lets `GET /nodes` pages read in order and stop after `offset + limit` entries instead of
 * sorting the whole catalogue on every page. The expression must match the query's exactly.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await sql`create index nodes_catalogue_order_idx on nodes (status, coalesce(search_ranking, 5), downloads desc, id)`.execute(
    db,
  );
}
