import type { Static } from 'typebox';
import type { AppContext } from '../../context.js';
import { toBool } from '../../db/values.js';
import { notFound } from '../../lib/errors.js';
import { findReadableNode, type NodeAccess } from '../nodes/node-access.js';
import { requireVersion } from '../nodes/versions-service.js';
import { findReadmeOfVersion, findReadmeOfVersionId, type ReadmeRow } from './repository.js';
import type { NodeVersionReadme } from './schemas.js';

type ReadmeJson = Static<typeof NodeVersionReadme>;

function present(nodeId: string, row: ReadmeRow): ReadmeJson {
  return {
    node_id: nodeId,
    version: row.version,
    file_name: row.file_name,
    format: row.format,
    content: row.content,
    size_bytes: Number(row.size_bytes),
    truncated: toBool(row.truncated),
  };
}

const noReadme = (nodeId: string, version: string) =>
  notFound('README not found', `version ${version} of ${nodeId} has no README`);

/** The README of one version of a pack (any status the version read shows), or 404. */
export async function getVersionReadme(
  ctx: AppContext,
  nodeId: string,
  version: string,
  access: NodeAccess,
): Promise<ReadmeJson> {
  const normalized = requireVersion(version);
  const node = await findReadableNode(ctx.db, nodeId, access);
  const row = await findReadmeOfVersion(ctx.db, node.id, normalized);
  if (!row) throw noReadme(node.id, normalized);
  return present(node.id, row);
}

/** The README of the pack's latest version, the one the pack page describes, or 404. */
export async function getLatestReadme(ctx: AppContext, nodeId: string, access: NodeAccess): Promise<ReadmeJson> {
  const node = await findReadableNode(ctx.db, nodeId, access);
  if (!node.latest_version_id) throw notFound('README not found', `${node.id} has no latest version`);
  // One read by the pointer: the version number comes with the README row.
  const row = await findReadmeOfVersionId(ctx.db, node.latest_version_id);
  if (!row) throw notFound('README not found', `the latest version of ${node.id} has no README`);
  return present(node.id, row);
}
