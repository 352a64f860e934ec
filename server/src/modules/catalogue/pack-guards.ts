import { forbidden, HttpError, notFound, withCode } from '../../lib/errors.js';

/**
 * The refusals about one pack, with the public registry's exact words: clients (comfy-cli,
 * ComfyUI-Manager, the web app) match on these messages, so each is written here once and every
 * route, service and bulk answer uses these constants and functions.
 */

/** 404 message for a pack that does not exist or was deleted. */
export const NODE_NOT_FOUND = 'Node not found';
/** 403 message for a banned pack. */
export const NODE_BANNED = 'Node Banned';
/** 403 message when the pack belongs to someone else. */
export const PERMISSION_DENIED = 'Permission denied';

/** The pack statuses the guards read. */
interface GuardedPack {
  id: string;
  status: string;
  publisher_id: string;
}

/** 404 `Node not found`, with optional details. */
export function packNotFound(details?: string): HttpError {
  return notFound(NODE_NOT_FOUND, details);
}

/** 403 `Node Banned`, a class of its own so pack reads can let admins read past it. */
export class PackBannedError extends HttpError {
  constructor(detail = '') {
    super(403, NODE_BANNED, detail);
  }
}

/** 403 `Node Banned`; naming the pack when the caller is told which one (publishing does). */
export function packBanned(packId?: string): PackBannedError {
  if (packId === undefined) return new PackBannedError();
  return withCode(new PackBannedError(`node ${packId} is banned`), 'pack.banned', { nodeId: packId });
}

/** 403 `Permission denied`: the pack exists under another publisher. */
export function packOfAnotherPublisher(packId: string): HttpError {
  return withCode(forbidden(PERMISSION_DENIED, `node ${packId} belongs to another publisher`), 'pack.other_publisher', {
    nodeId: packId,
  });
}

/**
 * The pack a reader or a user action (review, claim) is about: 404 when unknown or deleted, then
 * 403 when banned, in that order.
 */
export function requireVisiblePack<T extends Pick<GuardedPack, 'status'>>(pack: T | undefined): T {
  if (!pack || pack.status === 'NodeStatusDeleted') throw packNotFound();
  if (pack.status === 'NodeStatusBanned') throw packBanned();
  return pack;
}

/**
 * The pack a publisher's edit is about, after the publisher's own rules: 404 when unknown or
 * deleted, 403 `Permission denied` when another publisher owns it, then 403 when banned.
 */
export function requireWritablePack<T extends GuardedPack>(pack: T | undefined, publisherId: string): T {
  if (!pack || pack.status === 'NodeStatusDeleted') throw packNotFound();
  if (pack.publisher_id !== publisherId) throw packOfAnotherPublisher(pack.id);
  if (pack.status === 'NodeStatusBanned') throw packBanned();
  return pack;
}

/**
 * The pack a publish goes to, in the public registry's order: 403 `Node Banned` first, then 403
 * `Permission denied` when another publisher owns it. A pack that does not exist yet passes (the
 * publish creates it).
 */
export function requirePublishablePack(pack: GuardedPack | undefined, publisherId: string): void {
  if (pack?.status === 'NodeStatusBanned') throw packBanned(pack.id);
  if (pack && pack.publisher_id !== publisherId) throw packOfAnotherPublisher(pack.id);
}
