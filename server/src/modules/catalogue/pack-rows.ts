import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database, NodesTable } from '../../db/schema.js';
import { normalizeNodeId } from './node-id.js';

/**
 * The pack row reads and writes every writer of packs shares: publishing, the upstream mirror and
 * bundle imports. They live with the catalogue so those writers need not import one another.
 */
type Db = Kysely<Database> | Transaction<Database>;

/** The pack with this id in any letter case, or undefined. */
export function findPackByAnyCase(db: Db, nodeId: string): Promise<Selectable<NodesTable> | undefined> {
  return db.selectFrom('nodes').selectAll().where('normalized_id', '=', normalizeNodeId(nodeId)).executeTakeFirst();
}

/** Creates a pack. */
export async function insertPack(db: Db, values: Insertable<NodesTable>): Promise<Selectable<NodesTable>> {
  return db.insertInto('nodes').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Updates a pack's columns. */
export async function updatePack(db: Db, nodeId: string, patch: Updateable<NodesTable>): Promise<void> {
  await db.updateTable('nodes').set(patch).where('id', '=', nodeId).execute();
}
