import type { Static } from 'typebox';
import type { AppContext } from '../../context.js';
import type { NodeVersionStatus } from '../../db/schema.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import { pageCount, pageOffset } from '../../lib/paging.js';
import { compareVersionsDesc, normalizeVersion } from '../catalogue/latest-version.js';
import { findPackByAnyCase } from '../catalogue/pack-rows.js';
import { listVersionRequirements } from '../catalogue/version-requirements.js';
import type { ListedNodeVersionJson, NodeVersionJson, VersionsPage } from '../catalogue/wire.js';
import { findReadableNode, type NodeAccess } from './node-access.js';
import { presentListedVersion, presentVersion } from './present-version.js';
import { countAllVersions, findVersion, listVersionsOfNode, pageAllVersions } from './versions-repository.js';

/**
 * Versions of one pack, highest semver first (bare array, as clients expect). An unknown pack is
 * `[]`, as on the public registry: `cm-cli show-versions <id>` reads the body as a list whatever
 * the status and crashes on an error object. A banned pack stays a 403.
 */
export async function listNodeVersions(
  ctx: AppContext,
  nodeId: string,
  options: NodeAccess & { statuses: NodeVersionStatus[]; includeStatusReason: boolean },
): Promise<ListedNodeVersionJson[]> {
  const node = await findReadableNode(ctx.db, nodeId, options).catch((error: unknown) => {
    if (error instanceof HttpError && error.statusCode === 404) return undefined;
    throw error;
  });
  if (!node || options.statuses.length === 0) return [];
  const rows = await listVersionsOfNode(ctx.db, node.id, options.statuses);
  return rows
    .sort(compareVersionsDesc)
    .map((row) => presentListedVersion(ctx.storage, row, options.includeStatusReason));
}

/**
 * One version of a pack in any status, with `downloadUrl`, `status_reason`, what node extraction
 * found (`comfy_node_extract_reason`) and the Python requirements read from its archive.
 */
export async function getNodeVersion(
  ctx: AppContext,
  nodeId: string,
  version: string,
  access: NodeAccess,
): Promise<NodeVersionJson> {
  const normalized = requireVersion(version);
  const node = await findReadableNode(ctx.db, nodeId, access);
  const row = await findVersion(ctx.db, node.id, normalized);
  if (!row) throw notFound('Node version not found', `no version ${normalized} of ${node.id}`);
  const requirements = (await listVersionRequirements(ctx.db, [row.id])).get(row.id) ?? [];
  return {
    ...presentVersion(ctx.storage, row, true),
    comfy_node_extract_reason: row.comfy_node_extract_reason,
    requirements,
  };
}

/** A version string from a request, normalised, or 400. */
export function requireVersion(version: string): string {
  const normalized = normalizeVersion(version);
  if (!normalized) throw badRequest(`Invalid version: ${version}`, 'expected a semantic version like 1.2.3');
  return normalized;
}

type VersionsPageJson = Static<typeof VersionsPage>;

export interface AllVersionsRequest {
  page: number;
  pageSize: number;
  statuses: NodeVersionStatus[];
  nodeId?: string | undefined;
  statusReason?: string | undefined;
  includeStatusReason: boolean;
  order: 'newest' | 'oldest';
}

/** The all-versions listing (review queues): `{total, versions, page, pageSize, totalPages}`. */
export async function listAllVersions(ctx: AppContext, request: AllVersionsRequest): Promise<VersionsPageJson> {
  // The pack filter matches ids case-insensitively, like every other pack lookup.
  const node = request.nodeId === undefined ? undefined : await findPackByAnyCase(ctx.db, request.nodeId);
  if ((request.nodeId !== undefined && !node) || request.statuses.length === 0) {
    return { total: 0, versions: [], page: request.page, pageSize: request.pageSize, totalPages: 0 };
  }
  const filter = {
    statuses: request.statuses,
    nodeId: node?.id,
    statusReasonContains: request.statusReason?.toLowerCase(),
    order: request.order,
  };
  const [total, rows] = await Promise.all([
    countAllVersions(ctx.db, filter),
    pageAllVersions(ctx.db, filter, request.pageSize, pageOffset({ page: request.page, limit: request.pageSize })),
  ]);
  return {
    total,
    versions: rows.map((row) => presentListedVersion(ctx.storage, row, request.includeStatusReason)),
    page: request.page,
    pageSize: request.pageSize,
    totalPages: pageCount(total, request.pageSize),
  };
}
