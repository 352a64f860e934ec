import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database, NodesTable, PackCustodyEventsTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { normalizeRepositoryUrl } from '../../lib/repository-url.js';

/*
 * A change of hands: the pack moved to another publisher (a claim or an admin's transfer), its
 * publisher gained an owner who was not one before (a publisher change), or its repository changed. Whoever now controls the pack has not shipped code through the registry
 * yet, so the next version is held for review and says why (the pipeline's outcome reads
 * `hold_reason`, pipeline/outcome.ts), figures that came from the old repository (GitHub stars)
 * are cleared, and the change is kept for the trust panel.
 */

type Db = Kysely<Database> | Transaction<Database>;

export type CustodyKind = 'claim' | 'transfer' | 'publisher_change' | 'repository_change';

export interface CustodyChange {
  nodeId: string;
  kind: CustodyKind;
  from: string;
  to: string;
  /** Who made it (null for the system). */
  actorUserId: string | null;
  /** How it was proven or decided, in a sentence (shown with the event). */
  detail?: string;
  now: string;
}

/** The hold a change leaves on the pack's next version, in the words the reviewer and publisher read. */
export function holdReasonFor(change: Pick<CustodyChange, 'kind' | 'from' | 'to' | 'now'>): string {
  const day = change.now.slice(0, 10);
  switch (change.kind) {
    case 'claim':
      return `The pack was claimed by publisher ${change.to} on ${day}; its first version after the claim is reviewed before it is installable`;
    case 'transfer':
      return `The pack moved from publisher ${change.from} to ${change.to} on ${day}; its first version after the move is reviewed before it is installable`;
    case 'publisher_change':
      return `Publisher ${change.from} gained a new owner (${change.to}) on ${day}; the pack's first version after that is reviewed before it is installable`;
    case 'repository_change':
      return `The pack's repository changed from ${change.from || '(none)'} to ${change.to} on ${day}; its first version from the new repository is reviewed before it is installable`;
  }
}

/**
 * Records one change of hands: the event, the hold on the next version and, for a repository
 * change, the old repository's stars cleared. Call it in the transaction that made the change.
 */
export async function recordChangeOfHands(db: Db, change: CustodyChange): Promise<void> {
  await db
    .insertInto('pack_custody_events')
    .values({
      id: newId(),
      node_id: change.nodeId,
      kind: change.kind,
      from_value: change.from,
      to_value: change.to,
      actor_user_id: change.actorUserId,
      detail: change.detail ?? '',
      created_at: change.now,
    })
    .execute();
  // Several changes before the next version (a claim, then a new repository) are all said.
  const pending = await db
    .selectFrom('nodes')
    .select('next_version_hold')
    .where('id', '=', change.nodeId)
    .executeTakeFirst();
  const earlier = pending?.next_version_hold ?? '';
  await db
    .updateTable('nodes')
    .set({
      next_version_hold: earlier === '' ? holdReasonFor(change) : `${earlier}\n${holdReasonFor(change)}`,
      ...(change.kind === 'repository_change' ? { github_stars: 0 } : {}),
    })
    .where('id', '=', change.nodeId)
    .execute();
}

/**
 * A new owner of a publisher (added as an owner, or a member made one) now controls every pack of
 * the publisher: each live pack records the change and holds its next version.
 */
export async function recordNewOwner(
  db: Db,
  change: { publisherId: string; owner: string; actorUserId: string; now: string },
): Promise<string[]> {
  const packs = await db
    .selectFrom('nodes')
    .select('id')
    .where('publisher_id', '=', change.publisherId)
    .where('status', '!=', 'NodeStatusDeleted')
    .execute();
  for (const pack of packs) {
    await recordChangeOfHands(db, {
      nodeId: pack.id,
      kind: 'publisher_change',
      from: change.publisherId,
      to: change.owner,
      actorUserId: change.actorUserId,
      detail: `${change.owner} became an owner of publisher ${change.publisherId}`,
      now: change.now,
    });
  }
  return packs.map((p) => p.id);
}

/**
 * Whether a patch moves the pack to another repository. Setting the first repository of a pack
 * that had none is not a change of hands, and neither is another spelling of the same address.
 */
export function repositoryChange(
  before: Pick<Selectable<NodesTable>, 'repository_url'>,
  patch: Updateable<NodesTable>,
): { from: string; to: string } | null {
  const to = patch.repository_url;
  if (typeof to !== 'string' || to === '' || before.repository_url === '') return null;
  if (normalizeRepositoryUrl(to) === normalizeRepositoryUrl(before.repository_url)) return null;
  return { from: before.repository_url, to };
}

/**
 * Moves the hold a change of hands left on the pack onto the version just created (and clears it
 * from the pack): that version is the one reviewed. Returns the reason, '' when there was none.
 */
export async function takeNextVersionHold(db: Db, nodeId: string, versionId: string): Promise<string> {
  const pack = await db.selectFrom('nodes').select('next_version_hold').where('id', '=', nodeId).executeTakeFirst();
  const reason = pack?.next_version_hold ?? '';
  if (reason === '') return '';
  await db.updateTable('node_versions').set({ hold_reason: reason }).where('id', '=', versionId).execute();
  await db.updateTable('nodes').set({ next_version_hold: '' }).where('id', '=', nodeId).execute();
  return reason;
}

/** A pack's changes of hands, oldest first. */
export function custodyEventsOf(db: Db, nodeId: string): Promise<Selectable<PackCustodyEventsTable>[]> {
  return db
    .selectFrom('pack_custody_events')
    .selectAll()
    .where('node_id', '=', nodeId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}
