import type { AppContext } from '../../context.js';
import { parseJsonArray } from '../../db/values.js';
import { notFound } from '../../lib/errors.js';
import { custodyEventsOf } from '../catalogue/custody.js';
import { parseProvenance } from '../catalogue/provenance.js';
import type { ScanFindingJson } from '../catalogue/wire.js';
import { findReadableNode, type NodeAccess } from '../nodes/node-access.js';
import { findVersion } from '../nodes/versions-repository.js';
import { requireVersion } from '../nodes/versions-service.js';
import { parseFindings } from '../pipeline/outcome.js';
import { archiveOf, decisionsOf } from './repository.js';
import type { VersionTrustJson } from './schemas.js';

/**
 * `GET /nodes/{n}/versions/{v}/trust`: what a user can check before installing a version: the
 * archive's digest and size, how it was published, what the scan saw and who decided, and the
 * pack's changes of hands. Readable wherever the version itself is.
 */
export async function getVersionTrust(
  ctx: AppContext,
  nodeId: string,
  version: string,
  access: NodeAccess,
): Promise<VersionTrustJson> {
  const normalized = requireVersion(version);
  const node = await findReadableNode(ctx.db, nodeId, access);
  const row = await findVersion(ctx.db, node.id, normalized);
  if (!row) throw notFound('Node version not found', `no version ${normalized} of ${node.id}`);
  const [archive, decisions, custody] = await Promise.all([
    archiveOf(ctx.db, row.storage_file_id),
    decisionsOf(ctx.db, row.id),
    custodyEventsOf(ctx.db, node.id),
  ]);
  return {
    node_id: node.id,
    version: row.version,
    status: row.status,
    published_at: row.created_at,
    archive: archive
      ? { sha256: archive.sha256, size_bytes: Number(archive.size_bytes), hash_source: archive.hash_source }
      : null,
    published: parseProvenance(row.provenance),
    hold_reason: row.hold_reason,
    scan: { labels: parseJsonArray(row.scan_labels), findings: storedFindings(row.scan_findings, row.status_reason) },
    decisions: decisions.map((d) => ({
      from_status: d.from_status,
      to_status: d.to_status,
      reason: d.to_reason,
      by: d.actor_user_id ? { id: d.actor_user_id, name: d.actor_name ?? '' } : null,
      at: d.created_at,
    })),
    custody: custody.map((e) => ({
      kind: e.kind as 'claim' | 'transfer' | 'publisher_change' | 'repository_change',
      from: e.from_value,
      to: e.to_value,
      detail: e.detail,
      at: e.created_at,
    })),
  };
}

/** Every finding the scan stored, or for versions scanned before they were stored, those in the reason. */
function storedFindings(scanFindings: string, statusReason: string): ScanFindingJson[] {
  const stored = parseFindings(scanFindings || '[]') ?? [];
  return stored.length > 0 ? stored : (parseFindings(statusReason) ?? []);
}
