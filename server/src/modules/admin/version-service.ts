import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database, NodeVersionStatus } from '../../db/schema.js';
import type { MailLogger } from '../../engines/mail/mailer.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { mailDecision, type RecordedDecision, recordDecision } from '../appeals/service.js';
import { adminAction } from '../audit/admin-action.js';
import type { Viewer } from '../auth/viewer.js';
import { normalizeVersion } from '../catalogue/latest-version.js';
import { packNotFound } from '../catalogue/pack-guards.js';
import { findPackByAnyCase } from '../catalogue/pack-rows.js';
import { serializeVersion } from '../catalogue/serialize.js';
import { updateVersionColumns } from '../catalogue/version-rows.js';
import { changeVersionStatus } from '../catalogue/version-status.js';
import type { NodeVersionJson } from '../catalogue/wire.js';
import { presentVersion } from '../nodes/present-version.js';
import { VERSION_STATUSES } from '../nodes/version-statuses.js';
import { findVersion, type VersionRow } from '../nodes/versions-repository.js';
import { type CompatInput, compatColumns } from './compat-fields.js';
import { findUndoTarget, historyWithActors, UNDO_ACTION } from './version-repository.js';

/** What an admin may change on a version. */
export interface VersionUpdateInput extends CompatInput {
  status?: string | undefined;
  status_reason?: string | undefined;
}

/** A version status name, or 400 listing the valid ones. */
export function checkVersionStatus(value: string): NodeVersionStatus {
  if (!VERSION_STATUSES.includes(value as NodeVersionStatus)) {
    throw badRequest(`Invalid status: ${value}`, `valid statuses: ${VERSION_STATUSES.join(', ')}`);
  }
  return value as NodeVersionStatus;
}

/** The version `nodeId@versionNumber` (any case of the id, lenient version), or 404. */
export async function loadVersion(
  db: AppContext['db'] | Transaction<Database>,
  nodeId: string,
  versionNumber: string,
): Promise<VersionRow> {
  const node = await findPackByAnyCase(db, nodeId);
  if (!node) throw packNotFound(`no node ${nodeId}`);
  const version = await findVersion(db, node.id, normalizeVersion(versionNumber) ?? versionNumber);
  if (!version) throw notFound('Node version not found', `no version ${versionNumber} of ${node.id}`);
  return version;
}

const STATUS_FIELDS = ['status', 'status_reason'] as const;
const COMPAT_FIELDS = [
  'supported_os',
  'supported_accelerators',
  'supported_comfyui_version',
  'supported_comfyui_frontend_version',
] as const;

/**
 * Sets a version's status (with a history row, so it can be undone) and/or its compatibility
 * fields. A status given without a reason stores an empty reason, as the public registry does.
 * Approving (Active) or rejecting (Banned) a held version is a decision on its appeal: it joins the
 * version's thread in the same transaction and the publisher's members are mailed after it commits.
 */
export async function updateVersion(
  ctx: AppContext,
  viewer: Viewer,
  nodeId: string,
  versionNumber: string,
  input: VersionUpdateInput,
  log: MailLogger,
): Promise<NodeVersionJson> {
  const status = input.status === undefined ? undefined : checkVersionStatus(input.status);
  if (status === undefined && input.status_reason !== undefined) {
    throw badRequest('status_reason needs a status', 'send the status together with its reason');
  }
  const compat = compatColumns(input);
  if (status === undefined && Object.keys(compat).length === 0) {
    throw badRequest('Nothing to change', `send status and/or ${COMPAT_FIELDS.join(', ')}`);
  }
  const { json, decision } = await adminAction(ctx, viewer, async (trx) => {
    const version = await loadVersion(trx, nodeId, versionNumber);
    let decision: RecordedDecision | null = null;
    if (status !== undefined) {
      decision = await recordDecision(trx, version, status, input.status_reason ?? '', viewer);
      await changeVersionStatus(trx, version, { status, reason: input.status_reason ?? '' }, viewer.id, compat);
    } else {
      await updateVersionColumns(trx, version.id, { ...compat, updated_at: new Date().toISOString() });
    }
    const updated = await loadVersion(trx, version.node_id, version.version);
    const changed = [...(status === undefined ? [] : STATUS_FIELDS), ...COMPAT_FIELDS.filter((f) => f in compat)];
    return {
      result: { json: presentVersion(ctx.storage, updated, true), decision },
      audit: {
        action: 'node_version.update',
        targetType: 'node_version',
        targetId: version.id,
        reason: input.status_reason ?? '',
        before: pick(version, changed),
        after: pick(updated, changed),
      },
      nodeIds: [version.node_id],
    };
  });
  if (decision) await mailDecision(ctx, decision, log);
  return json;
}

/** Restores the status and reason the version had before its latest not-yet-undone change. */
export async function undoVersionStatus(
  ctx: AppContext,
  viewer: Viewer,
  nodeId: string,
  versionNumber: string,
): Promise<NodeVersionJson> {
  return adminAction(ctx, viewer, async (trx) => {
    const version = await loadVersion(trx, nodeId, versionNumber);
    const target = await findUndoTarget(trx, version.id);
    if (!target || target.from_status === null) {
      throw conflict('Nothing to undo', `version ${version.node_id}@${version.version} has no status change to undo`);
    }
    const restored = { status: target.from_status, reason: target.from_reason ?? '' };
    const historyId = await changeVersionStatus(trx, version, restored, viewer.id);
    const updated = await loadVersion(trx, version.node_id, version.version);
    return {
      result: presentVersion(ctx.storage, updated, true),
      audit: {
        action: UNDO_ACTION,
        targetType: 'node_version',
        targetId: version.id,
        reason: `undo of the change to ${target.to_status}`,
        before: { node_id: version.node_id, version: version.version, ...statusOf(version) },
        after: {
          node_id: version.node_id,
          version: version.version,
          ...statusOf(updated),
          history_id: historyId,
          undone_history_id: target.id,
        },
      },
      nodeIds: [version.node_id],
    };
  });
}

/** Every status change of a version, oldest first. */
export async function versionHistory(ctx: AppContext, nodeId: string, versionNumber: string) {
  const version = await loadVersion(ctx.db, nodeId, versionNumber);
  const rows = await historyWithActors(ctx.db, version.id);
  return rows.map((r) => ({
    id: r.id,
    from_status: r.from_status,
    from_reason: r.from_reason,
    to_status: r.to_status,
    to_reason: r.to_reason,
    actor: r.actor_user_id ? { id: r.actor_user_id, email: r.actor_email ?? '' } : null,
    created_at: r.created_at,
  }));
}

function statusOf(row: VersionRow) {
  return { status: row.status, status_reason: row.status_reason };
}

/** The named fields of a version as the API spells them, plus which version it is. */
function pick(row: VersionRow, fields: readonly string[]): Record<string, unknown> {
  const json: Record<string, unknown> = serializeVersion(row, { downloadUrl: '', includeStatusReason: true });
  const out: Record<string, unknown> = { node_id: row.node_id, version: row.version };
  for (const f of fields) out[f] = json[f];
  return out;
}
