import type { Expression, ExpressionBuilder, Kysely, SqlBool, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/*
 * "Held means held" (docs/moderation.md, "Packs withheld from clients"): a pack that has versions,
 * none of them installable, is withheld. Its code has been handed to the registry and not (yet)
 * accepted, so no client may be pointed at it, not even at its repository's head the way
 * ComfyUI-Manager installs a pack without `latest_version` ("nightly", a git clone). A pack with
 * no versions at all (imported from the Manager's list, never published) is not withheld: it stays
 * what it always was, a nightly pack. Deleted versions do not count (their publisher took them back).
 */

type Db = Kysely<Database> | Transaction<Database>;

/** SQL: the pack in `nodes` is not withheld (it has an installable version, or no live version at all). */
export function notWithheld(eb: ExpressionBuilder<Database, 'nodes'>): Expression<SqlBool> {
  return eb.or([
    eb('nodes.latest_version_id', 'is not', null),
    eb.not(
      eb.exists(
        eb
          .selectFrom('node_versions as held_version')
          .select('held_version.id')
          .whereRef('held_version.node_id', '=', 'nodes.id')
          .where('held_version.status', '!=', 'NodeVersionStatusDeleted'),
      ),
    ),
  ]);
}

/** Which of the given packs (rows with their latest-version pointer) are withheld. */
export async function findWithheldPackIds(
  db: Db,
  packs: readonly { id: string; latest_version_id: string | null }[],
): Promise<Set<string>> {
  const candidates = packs.filter((p) => p.latest_version_id === null).map((p) => p.id);
  if (candidates.length === 0) return new Set();
  const rows = await db
    .selectFrom('node_versions')
    .select('node_id')
    .distinct()
    .where('node_id', 'in', candidates)
    .where('status', '!=', 'NodeVersionStatusDeleted')
    .execute();
  return new Set(rows.map((r) => r.node_id));
}

/**
 * Reason of a version whose archive passed every check but waits for an administrator
 * (REQUIRE_REVIEW). Such a version is still Pending, and a Pending version is otherwise
 * installable while its archive is being processed, so install tells the two apart by this reason.
 */
export const AWAITING_REVIEW_REASON = 'Passed automated checks; waiting for review by an administrator';

/** Whether a Pending version is held for an administrator rather than being processed. */
export function isHeldPending(row: { status: string; status_reason: string }): boolean {
  return row.status === 'NodeVersionStatusPending' && row.status_reason === AWAITING_REVIEW_REASON;
}

/**
 * Whether a class row counts as provided by its pack (class pages, the resolver, search): once
 * a pack has versions, its classes are those extracted from its latest installable version, and
 * the imported catalogue's class names (rows without a version) count only for a pack that never
 * had a live version. So a pack that changed hands and ships other code stops being offered for
 * the classes its old code had, and a withheld pack is offered for none.
 */
export function providesClass(
  row: { node_version_id: string | null },
  pack: { id: string; latest_version_id: string | null },
  withheld: ReadonlySet<string>,
): boolean {
  if (row.node_version_id !== null) return row.node_version_id === pack.latest_version_id;
  return pack.latest_version_id === null && !withheld.has(pack.id);
}
