import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';
import { badRequest, conflict, forbidden, withCode } from '../../lib/errors.js';
import { accountBanned } from '../auth/refusals.js';
import type { Viewer } from '../auth/viewer.js';
import { catalogueWrite } from '../catalogue/unit-of-work.js';
import type { PublisherJson } from '../catalogue/wire.js';
import { allows, allowsWrite, loadPublisherAccess, requirePublisherWrite } from './access.js';
import { isForeignKeyViolation, isUniqueViolation, lockRow } from './db-guards.js';
import { type PublisherProfile, profileColumns } from './fields.js';
import {
  PUBLISHER_ID_RETIRED_MESSAGE,
  PUBLISHER_ID_TAKEN_MESSAGE,
  publisherIdError,
  publisherIdProblem,
} from './id-rules.js';
import { presentPublisher, presentPublishers } from './present.js';
import {
  countMemberships,
  countPacks,
  deletePublisherRows,
  findPublisher,
  insertPublisher,
  isRetiredPublisherId,
  listAllPublishers,
  listPublishersOfUser,
  searchPublisherRows,
  updatePublisher as updatePublisherRow,
} from './repository.js';

/** `GET /publishers/validate`: 200 `{isAvailable: true}`, or 400 saying why the id cannot be used. */
export async function validatePublisherId(db: Kysely<Database>, id: string): Promise<{ isAvailable: true }> {
  const problem = await publisherIdVerdict(db, id);
  if (problem) throw problem;
  return { isAvailable: true };
}

/**
 * `GET /publishers/validate?verdict=true`: the same check answered as data, 200 either way, so a
 * form asking on every keystroke logs no failed request for an id that is merely taken.
 */
export async function publisherIdAvailability(
  db: Kysely<Database>,
  id: string,
): Promise<{ isAvailable: boolean; message?: string; code?: string }> {
  const problem = await publisherIdVerdict(db, id);
  if (!problem) return { isAvailable: true };
  return { isAvailable: false, message: problem.message, ...(problem.code ? { code: problem.code } : {}) };
}

/** Why `id` cannot be registered (a coded 400), or null when it can. */
async function publisherIdVerdict(db: Kysely<Database>, id: string) {
  const problem = publisherIdProblem(id);
  if (problem) return publisherIdError(badRequest(problem));
  if (await findPublisher(db, id)) return publisherIdError(badRequest(PUBLISHER_ID_TAKEN_MESSAGE));
  if (await isRetiredPublisherId(db, id)) return publisherIdError(badRequest(PUBLISHER_ID_RETIRED_MESSAGE));
  return null;
}

/** 403 for an account that already belongs to `max` publishers (accepted memberships only). */
export function publisherLimitReached(max: number) {
  return withCode(
    forbidden('User has reached the maximum number of publishers.', `limit is ${max}`),
    'publisher.limit_reached',
    { max },
  );
}

export interface NewPublisher extends PublisherProfile {
  id: string;
  name: string;
}

/**
 * Creates a publisher with `ownerId` as its owner, in one transaction. `maxPublishers` caps how
 * many publishers the owner may already belong to (null: no cap, for operators).
 */
export async function createPublisherWithOwner(
  ctx: Pick<AppContext, 'db'>,
  ownerId: string,
  input: NewPublisher,
  maxPublishers: number | null,
): Promise<PublisherJson> {
  const problem = publisherIdProblem(input.id);
  if (problem) throw publisherIdError(badRequest(problem));
  const columns = profileColumns(input);
  try {
    const row = await ctx.db.transaction().execute(async (trx) => {
      // Serialises this account's concurrent creations so the cap cannot be raced past.
      await lockRow(trx, 'users', ownerId);
      if (maxPublishers !== null && (await countMemberships(trx, ownerId)) >= maxPublishers) {
        throw publisherLimitReached(maxPublishers);
      }
      if (await findPublisher(trx, input.id)) throw publisherIdError(conflict(PUBLISHER_ID_TAKEN_MESSAGE));
      if (await isRetiredPublisherId(trx, input.id)) throw publisherIdError(conflict(PUBLISHER_ID_RETIRED_MESSAGE));
      const created = await insertPublisher(trx, { ...columns, id: input.id, name: columns.name ?? input.name });
      await trx
        .insertInto('publisher_members')
        .values({ publisher_id: created.id, user_id: ownerId, role: 'owner' })
        .execute();
      return created;
    });
    return presentPublisher(ctx.db, row, true);
  } catch (error) {
    // Another request created the same id between our check and our insert.
    if (isUniqueViolation(error)) throw publisherIdError(conflict(PUBLISHER_ID_TAKEN_MESSAGE));
    throw error;
  }
}

/**
 * `POST /publishers`: the caller becomes the owner; at most MAX_PUBLISHERS_PER_USER memberships;
 * on a mirror, not an id the upstream registry has.
 */
export async function createPublisher(ctx: AppContext, viewer: Viewer, input: NewPublisher): Promise<PublisherJson> {
  if (viewer.isBanned) throw accountBanned();
  // On a mirror the upstream's publisher ids are not free; an id that breaks the rules or is
  // taken here is refused below without asking it.
  if (!publisherIdProblem(input.id) && !(await findPublisher(ctx.db, input.id))) {
    await ctx.upstreamIds.ensurePublisherFree(input.id);
  }
  return createPublisherWithOwner(ctx, viewer.id, input, ctx.config.publishers.MAX_PUBLISHERS_PER_USER);
}

/** `GET /publishers`: every publisher; member names only, never e-mails. */
export async function listPublishers(
  db: Kysely<Database>,
  search?: { text: string; limit: number },
): Promise<PublisherJson[]> {
  const text = search?.text.trim() ?? '';
  const rows = text === '' ? await listAllPublishers(db) : await searchPublisherRows(db, text, search?.limit ?? 10);
  return presentPublishers(db, rows, false);
}

/** `GET /users/publishers/`: the caller's publishers in any role; member names only. */
export async function listPublishersForUser(db: Kysely<Database>, viewer: Viewer): Promise<PublisherJson[]> {
  return presentPublishers(db, await listPublishersOfUser(db, viewer.id), false);
}

/** `GET /publishers/{id}`: member e-mails only for members and admins. */
export async function getPublisher(db: Kysely<Database>, viewer: Viewer | null, id: string): Promise<PublisherJson> {
  const access = await loadPublisherAccess(db, viewer, id);
  return presentPublisher(db, access.publisher, allows(access, 'see-members'));
}

/** `PUT /publishers/{id}`: partial profile update by an owner or admin. */
export async function updatePublisher(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  input: PublisherProfile & { id?: string | undefined },
): Promise<PublisherJson> {
  const access = await requirePublisherWrite(ctx.db, viewer, id, 'edit-publisher');
  if (input.id !== undefined && input.id !== id) throw badRequest('Publisher ID cannot be changed');
  const columns = profileColumns(input);
  const nameChanged = columns.name !== undefined && columns.name !== access.publisher.name;
  const row = await catalogueWrite(ctx, async ({ trx, touch }) => {
    const updated = await updatePublisherRow(trx, id, { ...columns, updated_at: nowIso() });
    // Listed packs carry the publisher's name, so search and caches must refresh them.
    if (nameChanged) {
      touch(...(await trx.selectFrom('nodes').select('id').where('publisher_id', '=', id).execute()).map((n) => n.id));
    }
    return updated;
  });
  return presentPublisher(ctx.db, row, true);
}

/**
 * `DELETE /publishers/{id}`: owner or admin; 409 while any pack row (even a deleted one) points
 * at the publisher. Deleted packs keep their rows so their ids stay taken and their history
 * stays attributable; freeing the publisher id would let someone else register it and appear as
 * the author of those packs and of their archive paths.
 */
export async function deletePublisher(ctx: AppContext, viewer: Viewer, id: string): Promise<void> {
  await requirePublisherWrite(ctx.db, viewer, id, 'edit-publisher');
  const stillHasPacks = (detail: string) => conflict('Publisher still has node packs and cannot be deleted.', detail);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await lockRow(trx, 'publishers', id);
      const packs = await countPacks(trx, id);
      if (packs > 0) throw stillHasPacks(`${packs} pack(s), deleted ones included, belong to publisher ${id}`);
      await deletePublisherRows(trx, id);
    });
  } catch (error) {
    // A first version was published between our count and our delete.
    if (isForeignKeyViolation(error)) throw stillHasPacks(`a pack was added to publisher ${id} meanwhile`);
    throw error;
  }
}

/** `GET /publishers/{id}/permissions`: whether the caller may edit the publisher itself now. */
export async function publisherPermissions(
  db: Kysely<Database>,
  viewer: Viewer,
  id: string,
): Promise<{ canEdit: boolean }> {
  const access = await loadPublisherAccess(db, viewer, id);
  return { canEdit: allowsWrite(access, 'edit-publisher') };
}
