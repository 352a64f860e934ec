import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database, NodeStatus } from '../../db/schema.js';
import { nowIso, parseJsonObject } from '../../db/values.js';
import { conflict, notFound, withCode } from '../../lib/errors.js';
import { adminAction } from '../audit/admin-action.js';
import { latestAuditOf } from '../audit/repository.js';
import type { Viewer } from '../auth/viewer.js';
import { packNotFound } from '../catalogue/pack-guards.js';
import { findPackByAnyCase, updatePack } from '../catalogue/pack-rows.js';
import { UNCLAIMED_PUBLISHER_ID } from '../catalogue/wire.js';
import { findPublisher } from '../publishers/repository.js';

type Trx = Transaction<Database>;
interface NodeState {
  id: string;
  status: NodeStatus;
  status_detail: string;
}

async function loadPublisher(trx: Trx, publisherId: string) {
  const publisher = await findPublisher(trx, publisherId);
  if (!publisher) throw notFound('Publisher not found');
  return publisher;
}

async function loadPack(trx: Trx, publisherId: string, nodeId: string) {
  await loadPublisher(trx, publisherId);
  const node = await findPackByAnyCase(trx, nodeId);
  if (!node || node.publisher_id !== publisherId) throw packNotFound();
  return node;
}

async function setNodeState(trx: Trx, state: NodeState): Promise<void> {
  await updatePack(trx, state.id, { status: state.status, status_detail: state.status_detail, updated_at: nowIso() });
}

/** Bans one pack: reads answer 403 `Node Banned`, search hides it, publishing to it is refused. */
export async function banNode(ctx: AppContext, viewer: Viewer, publisherId: string, nodeId: string, reason: string) {
  await adminAction(ctx, viewer, async (trx) => {
    const node = await loadPack(trx, publisherId, nodeId);
    if (node.status === 'NodeStatusBanned') throw conflict('Node is already banned');
    const before = { id: node.id, status: node.status, status_detail: node.status_detail };
    const after = { id: node.id, status: 'NodeStatusBanned' as const, status_detail: reason };
    await setNodeState(trx, after);
    return {
      result: undefined,
      audit: { action: 'node.ban', targetType: 'node', targetId: node.id, reason, before, after },
      nodeIds: [node.id],
    };
  });
}

/** Lifts a pack ban, restoring the status and detail the latest ban replaced (Active when unknown). */
export async function unbanNode(ctx: AppContext, viewer: Viewer, publisherId: string, nodeId: string, reason: string) {
  await adminAction(ctx, viewer, async (trx) => {
    const node = await loadPack(trx, publisherId, nodeId);
    if (node.status !== 'NodeStatusBanned') throw conflict('Node is not banned');
    const ban = await latestAuditOf(trx, 'node.ban', 'node', node.id);
    const saved = parseJsonObject(ban?.before);
    const after: NodeState = {
      id: node.id,
      status: saved.status === 'NodeStatusDeleted' ? 'NodeStatusDeleted' : 'NodeStatusActive',
      status_detail: typeof saved.status_detail === 'string' ? saved.status_detail : '',
    };
    await setNodeState(trx, after);
    const before = { id: node.id, status: node.status, status_detail: node.status_detail };
    return {
      result: undefined,
      audit: { action: 'node.unban', targetType: 'node', targetId: node.id, reason, before, after },
      nodeIds: [node.id],
    };
  });
}

/**
 * Bans a publisher and every pack of it that is not banned or deleted yet. Its members keep their
 * accounts (they may belong to other publishers); the ban refuses every write to this publisher
 * and its packs, including publishing with its tokens. The audit `before` lists what changed.
 */
export async function banPublisher(ctx: AppContext, viewer: Viewer, publisherId: string, reason: string) {
  // The placeholder that holds unclaimed packs is nobody's: banning it would ban every unclaimed pack.
  if (publisherId === UNCLAIMED_PUBLISHER_ID) {
    throw withCode(
      conflict('The unclaimed placeholder cannot be banned', 'ban the packs one by one instead'),
      'publisher.placeholder_ban',
    );
  }
  await adminAction(ctx, viewer, async (trx) => {
    const publisher = await loadPublisher(trx, publisherId);
    if (publisher.status === 'PublisherStatusBanned') throw conflict('Publisher is already banned');
    const packs = await trx
      .selectFrom('nodes')
      .select(['id', 'status', 'status_detail'])
      .where('publisher_id', '=', publisherId)
      .where('status', '=', 'NodeStatusActive')
      .orderBy('id')
      .execute();
    await trx
      .updateTable('publishers')
      .set({ status: 'PublisherStatusBanned', status_reason: reason, updated_at: nowIso() })
      .where('id', '=', publisherId)
      .execute();
    for (const pack of packs)
      await setNodeState(trx, { id: pack.id, status: 'NodeStatusBanned', status_detail: reason });
    return {
      result: undefined,
      audit: {
        action: 'publisher.ban',
        targetType: 'publisher',
        targetId: publisherId,
        reason,
        before: { status: publisher.status, status_reason: publisher.status_reason, nodes: packs },
        after: { status: 'PublisherStatusBanned', status_reason: reason, nodes: packs.map((p) => p.id) },
      },
      nodeIds: packs.map((p) => p.id),
    };
  });
}

/** Lifts a publisher ban and un-bans exactly the packs that ban banned (if they are still banned). */
export async function unbanPublisher(ctx: AppContext, viewer: Viewer, publisherId: string, reason: string) {
  await adminAction(ctx, viewer, async (trx) => {
    const publisher = await loadPublisher(trx, publisherId);
    if (publisher.status !== 'PublisherStatusBanned') throw conflict('Publisher is not banned');
    const ban = parseJsonObject((await latestAuditOf(trx, 'publisher.ban', 'publisher', publisherId))?.before);
    const saved = Array.isArray(ban.nodes) ? (ban.nodes as NodeState[]) : [];
    const restored: string[] = [];
    for (const pack of saved) {
      const current = await findPackByAnyCase(trx, pack.id);
      if (current?.status !== 'NodeStatusBanned' || current.publisher_id !== publisherId) continue;
      await setNodeState(trx, pack);
      restored.push(pack.id);
    }
    const status_reason = typeof ban.status_reason === 'string' ? ban.status_reason : '';
    await trx
      .updateTable('publishers')
      .set({ status: 'PublisherStatusActive', status_reason, updated_at: nowIso() })
      .where('id', '=', publisherId)
      .execute();
    return {
      result: undefined,
      audit: {
        action: 'publisher.unban',
        targetType: 'publisher',
        targetId: publisherId,
        reason,
        before: { status: publisher.status, status_reason: publisher.status_reason },
        after: { status: 'PublisherStatusActive', status_reason, nodes: restored },
      },
      nodeIds: restored,
    };
  });
}
