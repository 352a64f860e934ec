import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database, NodesTable } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';
import { badRequest } from '../../lib/errors.js';
import { nodeIdProblem, normalizeNodeId } from './node-id.js';

/**
 * The one way to read a pack row by id and to create or change one: publishing, a publisher's
 * and an admin's pack edits, claims, reviews, the upstream mirror and bundle imports all come
 * here, so ids stay unique regardless of case and a new pack always passes the id rules. (Bulk
 * imports insert many rows at once in `catalogue-import/`; the architecture test lists them.)
 */
type Db = Kysely<Database> | Transaction<Database>;

/** A pack row as stored. */
export type PackRow = Selectable<NodesTable>;

/** A new pack's columns; its case-free key is derived from `id`. */
export type NewPack = Omit<Insertable<NodesTable>, 'normalized_id'>;

/** The pack with this id in any letter case, or undefined. */
export function findPackByAnyCase(db: Db, nodeId: string): Promise<PackRow | undefined> {
  return db.selectFrom('nodes').selectAll().where('normalized_id', '=', normalizeNodeId(nodeId)).executeTakeFirst();
}

/**
 * Creates a pack. A local id must pass the registry's id rules (`nodeIdProblem`); `refuse` turns
 * a broken one into the caller's answer (callers that check earlier never reach it). A mirrored
 * pack (non-empty `mirrored_from`) keeps the upstream's id as the upstream spells it. Uniqueness
 * regardless of case is the database's: a taken id fails on `normalized_id`.
 */
export function createPack(
  db: Db,
  values: NewPack,
  refuse: (problem: string) => Error = (problem) => badRequest(problem),
): Promise<PackRow> {
  if (!values.mirrored_from) {
    const problem = nodeIdProblem(values.id);
    if (problem) throw refuse(problem);
  }
  return db
    .insertInto('nodes')
    .values({ ...values, normalized_id: normalizeNodeId(values.id) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Writes the given columns of a pack; answers the row as it is now (undefined when there is none). */
export function updatePack(db: Db, nodeId: string, patch: Updateable<NodesTable>): Promise<PackRow | undefined> {
  return db.updateTable('nodes').set(patch).where('id', '=', nodeId).returningAll().executeTakeFirst();
}

/**
 * Moves a pack from one publisher to another only if it still belongs to `from`, so two
 * concurrent claims cannot both succeed. False when someone else got there first.
 */
export async function movePack(db: Db, nodeId: string, from: string, to: string): Promise<boolean> {
  const result = await db
    .updateTable('nodes')
    .set({ publisher_id: to, updated_at: nowIso() })
    .where('id', '=', nodeId)
    .where('publisher_id', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
