import type { AppContext } from '../../context.js';
import type { NodeStatus } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { pageEnvelope, pageNumber, pageOffset, pageSize } from '../../lib/paging.js';
import type { Viewer } from '../auth/viewer.js';
import { recordChangeOfHands, repositoryChange } from '../catalogue/custody.js';
import { nodeIdProblem, normalizeNodeId } from '../catalogue/node-id.js';
import { type AdminPackInput, adminPackColumns, type PackInput, packColumns } from '../catalogue/pack-columns.js';
import { packNotFound } from '../catalogue/pack-guards.js';
import { createPack as createPackRow, findPackByAnyCase, updatePack as updatePackRow } from '../catalogue/pack-rows.js';
import { catalogueWrite } from '../catalogue/unit-of-work.js';
import type { NodeJson, NodesPageJson } from '../catalogue/wire.js';
import { presentNodes } from '../nodes/present.js';
import { findPackIdByAlias } from '../nodes/repository.js';
import { allows, allowsWrite, loadPublisherAccess, requirePublisherWrite } from '../publishers/access.js';
import { isUniqueViolation } from '../publishers/db-guards.js';
import { findPublisher, memberRole } from '../publishers/repository.js';
import { requirePackWrite } from './access.js';
import { presentPack } from './present.js';
import { countNodesOfPublisher, listNodesOfPublisher } from './repository.js';

const ALREADY_EXISTS = 'The node already exists';

/** `POST /publishers/{p}/nodes`: owners, members and admins; ids unique regardless of case. */
export async function createPack(
  ctx: AppContext,
  viewer: Viewer,
  publisherId: string,
  input: PackInput & { id?: string | undefined },
): Promise<NodeJson> {
  await requirePublisherWrite(ctx.db, viewer, publisherId, 'manage-packs');
  const problem = nodeIdProblem(input.id);
  if (problem || input.id === undefined) throw badRequest(problem ?? 'node id is required');
  const id = input.id;
  const columns = packColumns(input);
  const taken = await findPackByAnyCase(ctx.db, id);
  if (taken) throw conflict(ALREADY_EXISTS, `duplicate node id: "${taken.id}" is already registered`);
  // Another pack answers to this id (workflows and people name it so): a new pack must not take it over.
  const aliasOf = await findPackIdByAlias(ctx.db, id);
  if (aliasOf) throw conflict(ALREADY_EXISTS, `duplicate node id: "${id}" is another id of "${aliasOf}"`);
  await ctx.upstreamIds.ensureFree(id);
  try {
    const row = await catalogueWrite(ctx, async ({ trx, touch }) => {
      const created = await createPackRow(trx, {
        ...columns,
        id,
        publisher_id: publisherId,
        name: columns.name ?? id,
      });
      touch(id);
      return created;
    });
    return presentPack(ctx, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ALREADY_EXISTS, `duplicate node id: "${id}" was registered meanwhile`);
    throw error;
  }
}

/** `PUT /publishers/{p}/nodes/{n}`: partial; admins may also set ranking and curation fields. */
export async function updatePack(
  ctx: AppContext,
  viewer: Viewer,
  publisherId: string,
  nodeId: string,
  input: PackInput & AdminPackInput & { id?: string | undefined },
): Promise<NodeJson> {
  const { node } = await requirePackWrite(ctx.db, viewer, publisherId, nodeId);
  if (input.id !== undefined && normalizeNodeId(input.id) !== node.normalized_id) {
    throw badRequest('Node ID cannot be changed', `path says "${node.id}", body says "${input.id}"`);
  }
  const patch = { ...packColumns(input), ...(viewer.isAdmin ? adminPackColumns(input) : {}), updated_at: nowIso() };
  const row = await catalogueWrite(ctx, async ({ trx, touch }) => {
    const moved = repositoryChange(node, patch);
    if (moved) {
      await recordChangeOfHands(trx, {
        nodeId: node.id,
        kind: 'repository_change',
        ...moved,
        actorUserId: viewer.id,
        now: patch.updated_at,
      });
    }
    const updated = await updatePackRow(trx, node.id, patch);
    if (!updated) throw packNotFound();
    touch(node.id);
    return updated;
  });
  return presentPack(ctx, row);
}

/** `DELETE /publishers/{p}/nodes/{n}`: soft delete; the pack disappears from lists, its id stays taken. */
export async function deletePack(ctx: AppContext, viewer: Viewer, publisherId: string, nodeId: string): Promise<void> {
  const { node } = await requirePackWrite(ctx.db, viewer, publisherId, nodeId);
  await catalogueWrite(ctx, async ({ trx, touch }) => {
    await updatePackRow(trx, node.id, { status: 'NodeStatusDeleted', updated_at: nowIso() });
    touch(node.id);
  });
}

/** `GET /publishers/{p}/nodes/{n}/permissions`: whether the caller may change this pack now. */
export async function packPermissions(
  ctx: AppContext,
  viewer: Viewer,
  publisherId: string,
  nodeId: string,
): Promise<{ canEdit: boolean }> {
  const access = await loadPublisherAccess(ctx.db, viewer, publisherId);
  const node = await findPackByAnyCase(ctx.db, nodeId);
  const editable = node?.publisher_id === publisherId && node.status === 'NodeStatusActive';
  return { canEdit: editable && allowsWrite(access, 'manage-packs') };
}

/**
 * Statuses a publisher's pack list shows: Active, plus Banned when asked for by someone who
 * manages the publisher's packs. Deleted packs are never listed.
 */
async function listedStatuses(
  ctx: AppContext,
  viewer: Viewer | null,
  publisherId: string,
  includeBanned: boolean,
): Promise<NodeStatus[]> {
  if (!includeBanned || !viewer) return ['NodeStatusActive'];
  const role = await memberRole(ctx.db, publisherId, viewer.id);
  const publisher = await findPublisher(ctx.db, publisherId);
  const mayManage = publisher !== undefined && allows({ publisher, role, viewer }, 'manage-packs');
  return mayManage ? ['NodeStatusActive', 'NodeStatusBanned'] : ['NodeStatusActive'];
}

/** `GET /publishers/{p}/nodes`: every listed pack as a bare array (`[]` for an unknown publisher). */
export async function listPacks(
  ctx: AppContext,
  viewer: Viewer | null,
  publisherId: string,
  includeBanned: boolean,
): Promise<NodeJson[]> {
  const statuses = await listedStatuses(ctx, viewer, publisherId, includeBanned);
  const rows = await listNodesOfPublisher(ctx.db, publisherId, statuses);
  return presentNodes(ctx, rows, { includeStatusReason: false });
}

/** Largest page of `/publishers/{p}/nodes/v2`. */
export const MAX_PAGE_LIMIT = 1000;

/** `GET /publishers/{p}/nodes/v2`: one page; page and limit as lib/paging.ts reads them. */
export async function listPacksPage(
  ctx: AppContext,
  viewer: Viewer | null,
  publisherId: string,
  query: { page?: number; limit?: number; includeBanned: boolean },
): Promise<NodesPageJson> {
  const page = pageNumber(query.page);
  const limit = pageSize(query.limit, 10, MAX_PAGE_LIMIT);
  const statuses = await listedStatuses(ctx, viewer, publisherId, query.includeBanned);
  const [total, rows] = await Promise.all([
    countNodesOfPublisher(ctx.db, publisherId, statuses),
    listNodesOfPublisher(ctx.db, publisherId, statuses, { limit, offset: pageOffset({ page, limit }) }),
  ]);
  return pageEnvelope('nodes', await presentNodes(ctx, rows, { includeStatusReason: false }), total, { page, limit });
}
