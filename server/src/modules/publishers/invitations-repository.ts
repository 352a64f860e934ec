import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, InvitationStatus, PublisherInvitationsTable } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export type InvitationRow = Selectable<PublisherInvitationsTable>;

/** An invitation with the names the invitee's list shows. */
export interface ReceivedInvitationRow extends InvitationRow {
  publisher_name: string;
  inviter_name: string;
}

/** Stores a new invitation. */
export async function insertInvitation(db: Db, row: Insertable<PublisherInvitationsTable>): Promise<void> {
  await db.insertInto('publisher_invitations').values(row).execute();
}

/** One invitation by id. */
export function findInvitation(db: Db, id: string): Promise<InvitationRow | undefined> {
  return db.selectFrom('publisher_invitations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The publisher's invitation still waiting for `email` (any case), if one has not expired. */
export function findOpenInvitation(
  db: Db,
  publisherId: string,
  email: string,
  now: string,
): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('publisher_invitations')
    .selectAll()
    .where('publisher_id', '=', publisherId)
    .where('email', '=', email.toLowerCase())
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** A publisher's invitations still waiting for an answer, oldest first. */
export function listOpenInvitations(db: Db, publisherId: string, now: string): Promise<InvitationRow[]> {
  return db
    .selectFrom('publisher_invitations')
    .selectAll()
    .where('publisher_id', '=', publisherId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The invitations waiting for this account's answer, oldest first. */
export function listReceivedInvitations(db: Db, userId: string, now: string): Promise<ReceivedInvitationRow[]> {
  return db
    .selectFrom('publisher_invitations as i')
    .innerJoin('publishers as p', 'p.id', 'i.publisher_id')
    .innerJoin('users as u', 'u.id', 'i.invited_by')
    .selectAll('i')
    .select(['p.name as publisher_name', 'u.name as inviter_name'])
    .where('i.invitee_user_id', '=', userId)
    .where('i.status', '=', 'pending')
    .where('i.expires_at', '>', now)
    .orderBy('i.created_at')
    .orderBy('i.id')
    .execute();
}

/** When each invitation since `since` was sent, oldest first: by a publisher, or by an account. */
export async function invitationTimesSince(
  db: Db,
  by: { publisherId: string } | { inviterId: string },
  since: string,
): Promise<number[]> {
  let query = db.selectFrom('publisher_invitations').select('created_at').where('created_at', '>=', since);
  query =
    'publisherId' in by
      ? query.where('publisher_id', '=', by.publisherId)
      : query.where('invited_by', '=', by.inviterId);
  const rows = await query.orderBy('created_at').execute();
  return rows.map((row) => new Date(row.created_at).getTime());
}

/** Records the answer to a pending invitation; false when it was no longer pending. */
export async function answerInvitation(db: Db, id: string, status: InvitationStatus, now: string): Promise<boolean> {
  const result = await db
    .updateTable('publisher_invitations')
    .set({ status, answered_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
