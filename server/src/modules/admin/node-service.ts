import type { Updateable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { NodeStatus, NodesTable } from '../../db/schema.js';
import { nowIso } from '../../db/values.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { adminAction } from '../audit/admin-action.js';
import type { Viewer } from '../auth/viewer.js';
import { recordChangeOfHands, repositoryChange } from '../catalogue/custody.js';
import { nodeIdProblem } from '../catalogue/node-id.js';
import { adminPackColumns, type PackInput, packColumns } from '../catalogue/pack-columns.js';
import { packNotFound } from '../catalogue/pack-guards.js';
import { createPack, findPackByAnyCase, updatePack } from '../catalogue/pack-rows.js';
import { type NodeJson, UNCLAIMED_PUBLISHER_ID } from '../catalogue/wire.js';
import { ensureUnclaimedPublisher } from '../catalogue-import/repository.js';
import { presentNode } from '../nodes/present.js';
import { findPackIdByAlias, type NodeRow } from '../nodes/repository.js';
import { findPublisher } from '../publishers/repository.js';
import { type CompatInput, compatColumns } from './compat-fields.js';

export const NODE_STATUSES: readonly NodeStatus[] = ['NodeStatusActive', 'NodeStatusBanned', 'NodeStatusDeleted'];

/** Everything an admin may set on a pack. */
export interface AdminNodeInput extends Omit<PackInput, keyof CompatInput>, CompatInput {
  tags_admin?: string[] | undefined;
  status?: string | undefined;
  status_detail?: string | undefined;
  publisher?: { id: string } | undefined;
  search_ranking?: number | undefined;
  preempted_comfy_node_names?: string[] | undefined;
}

function checkStatus(value: string): NodeStatus {
  if (!NODE_STATUSES.includes(value as NodeStatus)) {
    throw badRequest(`Invalid status: ${value}`, `valid statuses: ${NODE_STATUSES.join(', ')}`);
  }
  return value as NodeStatus;
}

/** Column values for an admin's input; 400 for any value outside its rules. */
function adminColumns(input: AdminNodeInput): Updateable<NodesTable> {
  const { supported_os, supported_accelerators, supported_comfyui_version, supported_comfyui_frontend_version } = input;
  if (input.search_ranking !== undefined && (input.search_ranking < 1 || input.search_ranking > 10)) {
    throw badRequest(`Invalid search_ranking: ${input.search_ranking}`, 'an integer from 1 (first) to 10 (last)');
  }
  const columns: Updateable<NodesTable> = {
    ...packColumns({ ...input, supported_os: undefined, supported_accelerators: undefined }),
    ...adminPackColumns(input),
    ...compatColumns({
      supported_os,
      supported_accelerators,
      supported_comfyui_version,
      supported_comfyui_frontend_version,
    }),
  };
  if (input.status !== undefined) columns.status = checkStatus(input.status);
  if (input.status_detail !== undefined) columns.status_detail = input.status_detail;
  return columns;
}

/** Creates a pack nobody has claimed yet, under the reserved unclaimed publisher. */
export async function createUnclaimedNode(
  ctx: AppContext,
  viewer: Viewer,
  input: AdminNodeInput & { id: string; name: string },
): Promise<NodeJson> {
  const problem = nodeIdProblem(input.id);
  if (problem) throw badRequest(problem);
  if (input.publisher !== undefined) throw badRequest('publisher cannot be set here', 'new packs are unclaimed');
  const columns = adminColumns(input);
  // An unclaimed pack is a local pack like any other: on a mirror it must not take an id the
  // upstream has and the last sync has not brought here yet (409), nor be created while the
  // upstream cannot say (503). An id an admin released for local use passes.
  await ctx.upstreamIds.ensureFree(input.id);
  const row = await adminAction(ctx, viewer, async (trx) => {
    if (await findPackByAnyCase(trx, input.id)) throw conflict('Node already exists', `node id ${input.id} is taken`);
    const aliasOf = await findPackIdByAlias(trx, input.id);
    if (aliasOf) throw conflict('Node already exists', `node id ${input.id} is another id of ${aliasOf}`);
    await ensureUnclaimedPublisher(trx);
    const now = nowIso();
    const created = await createPack(trx, {
      ...columns,
      id: input.id,
      publisher_id: UNCLAIMED_PUBLISHER_ID,
      name: input.name.trim(),
      created_at: now,
      updated_at: now,
    });
    return {
      result: created,
      audit: {
        action: 'node.create',
        targetType: 'node',
        targetId: created.id,
        before: null,
        after: snapshot(created),
      },
      nodeIds: [created.id],
    };
  });
  return presentNode(ctx, row, { includeStatusReason: true });
}

/** Changes any field of a pack, including its status (unban) and publisher (assign or unclaim). */
export async function updateNodeAsAdmin(
  ctx: AppContext,
  viewer: Viewer,
  nodeId: string,
  input: AdminNodeInput,
): Promise<NodeJson> {
  const columns = adminColumns(input);
  const row = await adminAction(ctx, viewer, async (trx) => {
    const node = await findPackByAnyCase(trx, nodeId);
    if (!node) throw packNotFound();
    if (input.publisher !== undefined) {
      if (input.publisher.id === UNCLAIMED_PUBLISHER_ID) await ensureUnclaimedPublisher(trx);
      else if (!(await findPublisher(trx, input.publisher.id))) throw notFound('Publisher not found');
      columns.publisher_id = input.publisher.id;
    }
    if (Object.keys(columns).length === 0) throw badRequest('Nothing to change');
    const now = nowIso();
    if (columns.publisher_id !== undefined && columns.publisher_id !== node.publisher_id) {
      await recordChangeOfHands(trx, {
        nodeId: node.id,
        kind: 'transfer',
        from: node.publisher_id,
        to: columns.publisher_id,
        actorUserId: viewer.id,
        detail: input.status_detail ?? '',
        now,
      });
    }
    const moved = repositoryChange(node, columns);
    if (moved) {
      await recordChangeOfHands(trx, {
        nodeId: node.id,
        kind: 'repository_change',
        ...moved,
        actorUserId: viewer.id,
        now,
      });
    }
    const updated = await updatePack(trx, node.id, { ...columns, updated_at: now });
    if (!updated) throw packNotFound();
    const changed = Object.keys(columns) as (keyof NodeRow)[];
    return {
      result: updated,
      audit: {
        action: 'node.update',
        targetType: 'node',
        targetId: node.id,
        reason: input.status_detail ?? '',
        before: snapshot(node, changed),
        after: snapshot(updated, changed),
      },
      nodeIds: [node.id],
    };
  });
  return presentNode(ctx, row, { includeStatusReason: true });
}

/** The stored columns of a pack (all, or the named ones) for the audit log. */
function snapshot(row: NodeRow, keys?: (keyof NodeRow)[]): Record<string, unknown> {
  const picked = keys ? Object.fromEntries(keys.map((k) => [k, row[k]])) : { ...row };
  return picked;
}
