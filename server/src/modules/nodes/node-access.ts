import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { HttpError } from '../../lib/errors.js';
import { optionalViewer } from '../auth/viewer.js';
import { PackBannedError, packBanned, packNotFound } from '../catalogue/pack-guards.js';
import { findPackByAnyCase } from '../catalogue/pack-rows.js';
import { sendCachedRead } from './cache/catalogue-cache.js';
import { findPackIdByAlias, type NodeRow } from './repository.js';

/** The pack exists under another spelling of its id, or another id of it; routes answer 302 to the canonical one. */
export class NodeMovedError extends HttpError {
  constructor(readonly canonicalId: string) {
    super(302, 'Found', `canonical id: ${canonicalId}`);
  }
}

/** Who may see a banned pack: everyone gets 403 except admins, who read past it. */
export interface NodeAccess {
  allowBanned: boolean;
}

/**
 * The pack a public read is about: 404 `Node not found` when unknown or deleted, a redirect when
 * the id differs from the canonical one only in case or is another id of the pack (an alias),
 * 403 `Node Banned` when banned (unless allowed).
 */
export async function findReadableNode(db: Kysely<Database>, nodeId: string, access: NodeAccess): Promise<NodeRow> {
  return requireReadable(db, nodeId, await findPackByAnyCase(db, nodeId), access);
}

/**
 * The readable-pack rule on a pack already looked up by `requestedId` in any case (undefined when
 * none was found), for reads that fetch the pack together with other rows in one query.
 */
export async function requireReadable<T extends { id: string; status: string }>(
  db: Kysely<Database>,
  requestedId: string,
  pack: T | undefined,
  access: NodeAccess,
): Promise<T> {
  if (!pack) await redirectAlias(db, requestedId);
  if (!pack || pack.status === 'NodeStatusDeleted') throw packNotFound();
  if (pack.id !== requestedId) throw new NodeMovedError(pack.id);
  if (pack.status === 'NodeStatusBanned' && !access.allowBanned) throw packBanned();
  return pack;
}

/** Throws the redirect to the pack `id` is another id of, when it is one. */
export async function redirectAlias(db: Kysely<Database>, id: string): Promise<void> {
  const canonical = await findPackIdByAlias(db, id);
  if (canonical !== undefined) throw new NodeMovedError(canonical);
}

export interface NodeReadOptions<T> {
  nodeId: string;
  /** Cache key of the anonymous answer, or null for reads that must not be cached. */
  cacheKey: string | null;
  read: (access: NodeAccess) => Promise<T>;
}

/**
 * Runs a read of one pack's data for a route: cached when a key is given, 302 to the canonical id
 * (keeping the query string), and a second, uncached read for admins when the pack is banned. The
 * viewer is only resolved in that last case, so ordinary reads never verify a token.
 */
export async function serveNodeRead<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  options: NodeReadOptions<T>,
): Promise<FastifyReply | T> {
  try {
    if (options.cacheKey === null) return await options.read({ allowBanned: false });
    return await sendCachedRead(request, reply, options.cacheKey, () => options.read({ allowBanned: false }));
  } catch (error) {
    if (error instanceof NodeMovedError) {
      return reply.redirect(canonicalLocation(request.url, error.canonicalId), 302);
    }
    if (error instanceof PackBannedError && (await optionalViewer(request))?.isAdmin) {
      return options.read({ allowBanned: true });
    }
    throw error;
  }
}

/** `/nodes/<given>/rest?query` with the canonical id in place of the given one. */
export function canonicalLocation(url: string, canonicalId: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  const segments = path.split('/');
  // segments: ['', 'nodes', '<nodeId>', ...rest]
  segments[2] = encodeURIComponent(canonicalId);
  return `${segments.join('/')}${query}`;
}
