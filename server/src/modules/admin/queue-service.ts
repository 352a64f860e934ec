import type { AppContext } from '../../context.js';
import type { NodeVersionStatus } from '../../db/schema.js';
import { pageCount, pageOffset } from '../../lib/paging.js';
import { countArchiveNodes } from '../comfy-nodes/repository.js';
import { presentVersion } from '../nodes/present-version.js';
import { findingKey, parseFindings } from '../pipeline/outcome.js';
import { approvedFlagReasons, countQueue, pageQueue } from './queue-repository.js';

export interface QueueQuery {
  statuses: NodeVersionStatus[];
  nodeId?: string | undefined;
  q?: string | undefined;
  page: number;
  pageSize: number;
  sort: 'oldest' | 'newest';
}

/**
 * The review queue: versions with their pack's name, repository and publisher, their findings
 * (holding and labelling), how many node classes were read from the archive and what reading
 * them found, and for each finding whether an admin already approved the same issue (same file, issue type
 * and snippet) in an earlier version of the pack that is Active now. The admin screen needs no
 * further calls.
 */
export async function reviewQueue(ctx: AppContext, query: QueueQuery) {
  const filter = {
    statuses: query.statuses,
    nodeId: query.nodeId,
    text: query.q?.trim() ? query.q.trim().toLowerCase() : undefined,
    order: query.sort,
  };
  const [total, rows] = await Promise.all([
    countQueue(ctx.db, filter),
    pageQueue(ctx.db, filter, query.pageSize, pageOffset({ page: query.page, limit: query.pageSize })),
  ]);
  const [approved, nodeCounts] = await Promise.all([
    approvedFlagReasons(ctx.db, [...new Set(rows.map((r) => r.node_id))]),
    countArchiveNodes(
      ctx.db,
      rows.map((r) => r.id),
    ),
  ]);
  const versions = rows.map((row) => {
    // Every graded finding the scan stored, labels too, so the reviewer sees what labels the
    // version as well as what holds it; versions scanned before grades have only their reason's.
    const stored = parseFindings(row.scan_findings) ?? [];
    const findings = stored.length > 0 ? stored : parseFindings(row.status_reason);
    const known = new Set(
      approved
        .filter((a) => a.node_id === row.node_id && a.version_id !== row.id && a.version_created_at < row.created_at)
        .flatMap((a) => (parseFindings(a.to_reason) ?? []).map(findingKey)),
    );
    const marked = (findings ?? []).map((f) => ({ ...f, previously_approved: known.has(findingKey(f)) }));
    const holding = marked.filter((f) => f.grade !== 'label');
    return {
      ...presentVersion(ctx.storage, row, true),
      // Why no node classes were read, for a reviewer wondering what the pack provides.
      comfy_node_extract_reason: row.comfy_node_extract_reason,
      comfy_nodes: nodeCounts.get(row.id) ?? 0,
      node_name: row.node_name,
      node_repository: row.node_repository,
      publisher_id: row.node_publisher_id,
      findings: marked,
      previously_approved: holding.length > 0 && holding.every((f) => f.previously_approved),
    };
  });
  return {
    total,
    versions,
    page: query.page,
    pageSize: query.pageSize,
    totalPages: pageCount(total, query.pageSize),
  };
}
