import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { NodeVersionsTable } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import type { Viewer } from '../auth/viewer.js';
import { statusReasonCode } from '../catalogue/archive-rejections.js';
import { packNotFound } from '../catalogue/pack-guards.js';
import { findPackByAnyCase } from '../catalogue/pack-rows.js';
import { countArchiveNodes } from '../comfy-nodes/repository.js';
import { parseFindings } from '../pipeline/outcome.js';
import { findProcessing } from '../pipeline/repository.js';
import { requirePublisherRead } from '../publishers/access.js';
import { findVersionOfPack } from './repository.js';
import type { ProcessingStatusJson } from './schemas.js';

/**
 * Where a version's archive is in the pipeline, for its publisher's members (and admins) to poll
 * after an upload: 404 for packs or versions that are not the publisher's.
 */
export async function getProcessingStatus(
  ctx: AppContext,
  viewer: Viewer,
  params: { publisherId: string; nodeId: string; versionId: string },
): Promise<ProcessingStatusJson> {
  await requirePublisherRead(ctx.db, viewer, params.publisherId, 'manage-packs');
  const pack = await findPackByAnyCase(ctx.db, params.nodeId);
  if (!pack || pack.publisher_id !== params.publisherId) throw packNotFound();
  const version = await findVersionOfPack(ctx.db, pack.id, params.versionId);
  if (!version) throw notFound('Node version not found');
  return describeProcessing(ctx, version);
}

/** The processing status of one version (shared with the browser publish answer). */
export async function describeProcessing(
  ctx: AppContext,
  version: Selectable<NodeVersionsTable>,
): Promise<ProcessingStatusJson> {
  const progress = await findProcessing(ctx.db, version.id);
  // Every graded finding the scan stored (labels too); versions scanned before grades have only their reason's.
  const stored = parseFindings(version.scan_findings) ?? [];
  const findings =
    stored.length > 0
      ? stored
      : version.status === 'NodeVersionStatusFlagged'
        ? parseFindings(version.status_reason)
        : null;
  return {
    node_version_id: version.id,
    version: version.version,
    status: version.status,
    status_reason: version.status_reason,
    ...statusReasonCode(version.status_reason),
    stage: progress?.stage ?? (version.storage_file_id ? 'queued' : 'awaiting_upload'),
    error: progress?.stage === 'failed' ? progress.reason : '',
    ...(findings ? { findings } : {}),
    comfy_node_extract_status: version.comfy_node_extract_status,
    comfy_nodes: (await countArchiveNodes(ctx.db, [version.id])).get(version.id) ?? 0,
    attempts: Number(progress?.attempts ?? 0),
    ...(progress ? { queued_at: progress.queued_at } : {}),
    ...(progress?.started_at ? { started_at: progress.started_at } : {}),
    ...(progress?.finished_at ? { finished_at: progress.finished_at } : {}),
  };
}
