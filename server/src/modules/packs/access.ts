import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Viewer } from '../auth/viewer.js';
import { requireWritablePack } from '../catalogue/pack-guards.js';
import { findPackByAnyCase } from '../catalogue/pack-rows.js';
import type { NodeRow } from '../nodes/repository.js';
import { type PublisherAccess, requirePublisherWrite } from '../publishers/access.js';

/** A pack the caller may change, with the caller's standing in its publisher. */
export interface PackWriteAccess {
  access: PublisherAccess;
  node: NodeRow;
}

/**
 * Loads a pack for a change: first the publisher rules (404, 403 `Permission denied`, 403
 * banned), then 404 `Node not found` for a missing or deleted pack, 403 `Permission denied`
 * when it belongs to another publisher, 403 `Node Banned` when banned. The id matches
 * regardless of case, since ids are unique that way.
 */
export async function requirePackWrite(
  db: Kysely<Database>,
  viewer: Viewer,
  publisherId: string,
  nodeId: string,
): Promise<PackWriteAccess> {
  const access = await requirePublisherWrite(db, viewer, publisherId, 'manage-packs');
  const node = await findPackByAnyCase(db, nodeId);
  return { access, node: requireWritablePack(node, publisherId) };
}
