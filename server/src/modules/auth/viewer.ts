import type { FastifyRequest } from 'fastify';
import { toBool } from '../../db/values.js';
import { unauthorized } from '../../lib/errors.js';
import { accountBanned, notAdmin } from './refusals.js';
import { findUserById } from './users-repository.js';

/** The account making a request, as services see it. */
export interface Viewer {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
  isBanned: boolean;
}

const viewerCache = new WeakMap<FastifyRequest, Viewer | null>();

/**
 * The caller identified by `Authorization: Bearer <identity token>`, or null when the header is
 * absent. A present but bad token is an error (401), never silently anonymous.
 */
export async function optionalViewer(request: FastifyRequest): Promise<Viewer | null> {
  if (viewerCache.has(request)) return viewerCache.get(request) ?? null;
  const header = request.headers.authorization;
  if (!header) {
    viewerCache.set(request, null);
    return null;
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw unauthorized('invalid auth token', 'token is not in Bearer format');
  const { identity, db } = request.server.ctx;
  const claims = await identity.verify(match[1]);
  const user = await findUserById(db, claims.uid);
  // A token for an account that no longer exists is as bad as a forged one.
  if (!user) throw unauthorized('invalid auth token');
  const viewer: Viewer = {
    id: user.id,
    email: user.email,
    name: user.name,
    isAdmin: toBool(user.is_admin),
    isBanned: user.status === 'BANNED',
  };
  viewerCache.set(request, viewer);
  return viewer;
}

/** The signed-in caller; 401 `missing auth token` when nobody is signed in. */
export async function requireViewer(request: FastifyRequest): Promise<Viewer> {
  const viewer = await optionalViewer(request);
  if (!viewer) throw unauthorized('missing auth token', `missing auth token for path: ${request.url.split('?')[0]}`);
  return viewer;
}

/** A signed-in caller allowed to change things: banned accounts get 403. */
export async function requireWriter(request: FastifyRequest): Promise<Viewer> {
  const viewer = await requireViewer(request);
  if (viewer.isBanned) throw accountBanned();
  return viewer;
}

/** A signed-in administrator; everyone else gets 403 `User is not admin`. */
export async function requireAdmin(request: FastifyRequest): Promise<Viewer> {
  const viewer = await requireViewer(request);
  if (!viewer.isAdmin) throw notAdmin();
  if (viewer.isBanned) throw accountBanned();
  return viewer;
}
