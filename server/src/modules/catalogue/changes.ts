import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EventBus } from '../../lib/events.js';

/**
 * Records that packs changed, inside the writer's transaction, so every instance's search index
 * and response caches can catch up by polling `catalogue_changes`. Call `announceCatalogueChange`
 * after the transaction commits to update this instance at once.
 */
export async function recordCatalogueChange(
  db: Kysely<Database> | Transaction<Database>,
  nodeIds: string[],
): Promise<void> {
  const unique = [...new Set(nodeIds)];
  if (unique.length === 0) return;
  await db
    .insertInto('catalogue_changes')
    .values(unique.map((node_id) => ({ node_id, created_at: new Date().toISOString() })))
    .execute();
}

/** Tells this instance's listeners (search index, caches) that packs changed. */
export function announceCatalogueChange(events: EventBus, nodeIds: string[]): void {
  if (nodeIds.length > 0) events.emit('catalogue:changed', [...new Set(nodeIds)]);
}

/** The newest change id: a cheap watermark for cache validation across instances. */
export async function catalogueWatermark(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('catalogue_changes')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}
