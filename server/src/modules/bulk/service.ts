import type { AppContext } from '../../context.js';
import { normalizeVersion } from '../catalogue/latest-version.js';
import { NODE_BANNED, NODE_NOT_FOUND } from '../catalogue/pack-guards.js';
import type { NodeVersionJson } from '../catalogue/wire.js';
import { presentVersion } from '../nodes/present-version.js';
import { findNodesByAnyCase } from '../nodes/repository.js';
import { findVersionsOfNodes } from '../nodes/versions-repository.js';

export interface VersionIdentifier {
  node_id: string;
  version: string;
}

export interface BulkVersionResult {
  identifier: VersionIdentifier;
  status: 'success' | 'not_found' | 'error';
  node_version?: NodeVersionJson;
  error_message?: string;
}

/**
 * Looks up many `(node_id, version)` pairs at once (the ComfyUI front end asks about every
 * installed pack in one call). Each item answers on its own: `success` with the version in any
 * status, `not_found` for unknown or deleted packs and versions, `error` for an unreadable
 * version string or a banned pack. Two queries whatever the number of items.
 */
export async function lookUpVersions(ctx: AppContext, items: VersionIdentifier[]): Promise<BulkVersionResult[]> {
  const packs = await findNodesByAnyCase(
    ctx.db,
    items.map((i) => i.node_id),
  );
  const packByNormalizedId = new Map(packs.map((p) => [p.normalized_id, p]));
  const normalizedVersions = items.map((i) => normalizeVersion(i.version));
  const wanted = normalizedVersions.filter((v): v is string => v !== null);
  const versions = await findVersionsOfNodes(
    ctx.db,
    packs.map((p) => p.id),
    [...new Set(wanted)],
  );
  const versionByKey = new Map(versions.map((v) => [`${v.node_id}\n${v.version}`, v]));

  return items.map((item, index) => {
    const identifier = { node_id: item.node_id, version: item.version };
    const version = normalizedVersions[index];
    if (!version) return { identifier, status: 'error', error_message: `Invalid version: ${identifier.version}` };
    const pack = packByNormalizedId.get(identifier.node_id.toLowerCase());
    if (!pack || pack.status === 'NodeStatusDeleted') {
      return { identifier, status: 'not_found', error_message: NODE_NOT_FOUND };
    }
    if (pack.status === 'NodeStatusBanned') return { identifier, status: 'error', error_message: NODE_BANNED };
    const row = versionByKey.get(`${pack.id}\n${version}`);
    if (!row) return { identifier, status: 'not_found', error_message: 'Node version not found' };
    return { identifier, status: 'success', node_version: presentVersion(ctx.storage, row, true) };
  });
}
