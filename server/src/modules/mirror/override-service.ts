import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/values.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { adminAction } from '../audit/admin-action.js';
import type { Viewer } from '../auth/viewer.js';
import { nodeIdProblem, normalizeNodeId } from '../catalogue/node-id.js';
import { findPackByAnyCase } from '../catalogue/pack-rows.js';
import { findOverride, insertOverride, type OverrideRow, removeMirroredCopy, versionsOfPack } from './repository.js';

/** The audit action of an override. */
export const OVERRIDE_ACTION = 'node.upstream_override';

export interface OverrideJson {
  id: string;
  reason: string;
  created_by: string | null;
  created_at: string;
}

export function presentOverride(row: OverrideRow): OverrideJson {
  return { id: row.node_id, reason: row.reason, created_by: row.created_by, created_at: row.created_at };
}

/**
 * An admin releases an id the upstream has for local use: from now on a local publisher may create
 * the pack, and the sync leaves the id alone (the local pack wins). A mirrored copy of the pack
 * already here is removed with its versions and cached archives, so the id is free; the audit
 * entry records who, why and what the copy was. An id a local pack holds needs no override (409).
 */
export async function grantOverride(
  ctx: AppContext,
  viewer: Viewer,
  input: { id: string; reason: string },
): Promise<OverrideJson> {
  const id = input.id.trim();
  const reason = input.reason.trim();
  const problem = nodeIdProblem(id);
  if (problem) throw badRequest('Invalid node id', problem);
  if (!reason)
    throw badRequest('A reason is required', 'say why this id may be used here although the upstream has it');
  const normalized = normalizeNodeId(id);
  let removedKeys: string[] = [];
  const row = await adminAction(ctx, viewer, async (trx) => {
    if (await findOverride(trx, normalized))
      throw conflict('Override exists', `${id} is already released for local use`);
    const pack = await findPackByAnyCase(trx, id);
    if (pack && !pack.mirrored_from) {
      throw conflict(
        'Node already local',
        `${pack.id} is a pack of this registry; local packs win without an override`,
      );
    }
    const before = pack
      ? {
          id: pack.id,
          publisher_id: pack.publisher_id,
          mirrored_from: pack.mirrored_from,
          status: pack.status,
          versions: (await versionsOfPack(trx, pack.id)).map((v) => v.version),
        }
      : null;
    if (pack) removedKeys = await removeMirroredCopy(trx, pack.id);
    const created = { normalized_id: normalized, node_id: id, reason, created_by: viewer.id, created_at: nowIso() };
    await insertOverride(trx, created);
    return {
      result: created,
      audit: {
        action: OVERRIDE_ACTION,
        targetType: 'node',
        targetId: id,
        reason,
        before,
        after: { id, released_for_local_use: true },
      },
      nodeIds: pack ? [pack.id] : [],
    };
  });
  // The rows are gone with the commit; the blobs are only bytes nobody can reach now.
  for (const key of removedKeys) await ctx.storage.delete(key).catch(() => undefined);
  return presentOverride(row);
}
