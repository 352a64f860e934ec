import type { Kysely, Transaction } from 'kysely';
import type { Database, MemberRole } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { accountBanned, permissionDenied, publisherBannedForWrite } from '../auth/refusals.js';
import type { Viewer } from '../auth/viewer.js';
import { findPublisher, memberRole, type PublisherRow } from './repository.js';

/**
 * What a caller may do with a publisher. This file is the one place the rules live:
 *
 * | action           | owner | member | admin |
 * |------------------|-------|--------|-------|
 * | see-members      | yes   | yes    | yes   |  member e-mails, the members list
 * | manage-packs     | yes   | yes    | yes   |  create/edit/delete packs, edit/delete versions, claim
 * | manage-tokens    | yes   | no     | yes   |  list, create and revoke publishing tokens
 * | manage-members   | yes   | no     | yes   |  add, change and remove members
 * | edit-publisher   | yes   | no     | yes   |  change the profile, delete the publisher
 *
 * Writes to a banned publisher are refused for everyone but admins, who moderate it.
 */
export type PublisherAction = 'see-members' | 'manage-packs' | 'manage-tokens' | 'manage-members' | 'edit-publisher';

const MEMBER_ACTIONS: ReadonlySet<PublisherAction> = new Set(['see-members', 'manage-packs']);

/** A publisher and the caller's standing in it. */
export interface PublisherAccess {
  publisher: PublisherRow;
  role: MemberRole | null;
  viewer: Viewer | null;
}

/** Whether the caller's role allows an action (ignoring bans). */
export function allows(access: PublisherAccess, action: PublisherAction): boolean {
  if (access.viewer?.isAdmin) return true;
  if (access.role === 'owner') return true;
  return access.role === 'member' && MEMBER_ACTIONS.has(action);
}

/** Whether the caller may change things now: allowed, and neither the account nor the publisher is banned. */
export function allowsWrite(access: PublisherAccess, action: PublisherAction): boolean {
  if (!access.viewer || access.viewer.isBanned || !allows(access, action)) return false;
  return access.viewer.isAdmin || access.publisher.status !== 'PublisherStatusBanned';
}

/** Loads a publisher and the caller's role in it; 404 `Publisher not found` when absent. */
export async function loadPublisherAccess(
  db: Kysely<Database> | Transaction<Database>,
  viewer: Viewer | null,
  publisherId: string,
): Promise<PublisherAccess> {
  const publisher = await findPublisher(db, publisherId);
  if (!publisher) throw notFound('Publisher not found');
  const role = viewer ? await memberRole(db, publisherId, viewer.id) : null;
  return { publisher, role, viewer };
}

/**
 * Loads a publisher for a change the caller wants to make: 404 when absent, 403
 * `Permission denied` when the role does not allow it, 403 `user/publisher is banned` when the
 * account or the publisher is banned (admins may still act on a banned publisher).
 */
export async function requirePublisherWrite(
  db: Kysely<Database> | Transaction<Database>,
  viewer: Viewer,
  publisherId: string,
  action: PublisherAction,
): Promise<PublisherAccess> {
  if (viewer.isBanned) throw accountBanned(`account ${viewer.id} is banned`);
  const access = await loadPublisherAccess(db, viewer, publisherId);
  if (!allows(access, action)) throw permissionDenied(publisherId);
  if (!allowsWrite(access, action)) throw publisherBannedForWrite(publisherId);
  return access;
}

/** Loads a publisher for reading something only some roles may see: 404, then 403 `Permission denied`. */
export async function requirePublisherRead(
  db: Kysely<Database> | Transaction<Database>,
  viewer: Viewer,
  publisherId: string,
  action: PublisherAction,
): Promise<PublisherAccess> {
  const access = await loadPublisherAccess(db, viewer, publisherId);
  if (!allows(access, action)) throw permissionDenied(publisherId);
  return access;
}
