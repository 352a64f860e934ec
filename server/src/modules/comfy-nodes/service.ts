import type { AppContext } from '../../context.js';
import { parseJsonArray } from '../../db/values.js';
import { notFound } from '../../lib/errors.js';
import { DEFAULT_SEARCH_RANKING, serializeComfyNode } from '../catalogue/serialize.js';
import type { ComfyNodeJson, NodeJson } from '../catalogue/wire.js';
import { findWithheldPackIds, providesClass } from '../catalogue/withheld.js';
import { findReadableNode, type NodeAccess } from '../nodes/node-access.js';
import { presentNode } from '../nodes/present.js';
import { findNodesByIds, type NodeRow } from '../nodes/repository.js';
import { findVersion } from '../nodes/versions-repository.js';
import { requireVersion } from '../nodes/versions-service.js';
import { coreClassNames } from './core-nodes.js';
import {
  type ComfyNodeFilter,
  type ComfyNodeRow,
  countComfyNodes,
  countComfyNodesOfVersion,
  findClassOwners,
  findComfyNodeOfVersion,
  pageComfyNodes,
  pageComfyNodesOfVersion,
} from './repository.js';

const present = (row: ComfyNodeRow): ComfyNodeJson =>
  serializeComfyNode(row, { nodeId: row.node_id, version: row.version });

/** The comfy-node listing: `{comfy_nodes, total}` over packs that are neither banned nor deleted. */
export async function listComfyNodes(
  ctx: AppContext,
  filter: ComfyNodeFilter,
  page: number,
  pageSize: number,
): Promise<{ comfy_nodes: ComfyNodeJson[]; total: number }> {
  const [total, rows] = await Promise.all([
    countComfyNodes(ctx.db, filter),
    pageComfyNodes(ctx.db, filter, pageSize, (page - 1) * pageSize),
  ]);
  return { comfy_nodes: rows.map(present), total };
}

/** Each row's parsed `preempted_comfy_node_names`: a sort compares a pack many times, and parses it once. */
const preemptedByRow = new WeakMap<NodeRow, ReadonlySet<string>>();

function preemptedNames(pack: NodeRow): ReadonlySet<string> {
  let names = preemptedByRow.get(pack);
  if (!names) {
    names = new Set(parseJsonArray(pack.preempted_comfy_node_names));
    preemptedByRow.set(pack, names);
  }
  return names;
}

/**
 * The pack that provides a comfy-node class. Candidates are active packs whose row of that name
 * comes from the pack's latest version, or is an imported class name of a pack that never had a
 * live version (`providesClass`). Ties: a pack that preempts the
 * name wins, then the lower search ranking, then more downloads, then more GitHub stars (imported
 * packs have no downloads yet), then the id.
 *
 * A class that ships with ComfyUI is provided by no pack, whatever packs list it (many copy core
 * classes into their node maps): 404, as `POST /comfy-nodes/resolve` answers `core`, so the
 * ComfyUI front end never suggests installing a pack for `KSampler`.
 */
export async function findPackProviding(ctx: AppContext, name: string): Promise<NodeJson> {
  if ((await coreClassNames(ctx.db)).has(name)) {
    throw notFound('Comfy Node not found', `${name} ships with ComfyUI; no pack provides it`);
  }
  const owners = await findClassOwners(ctx.db, name);
  const packs = await findNodesByIds(ctx.db, [...new Set(owners.map((o) => o.node_id))]);
  const withheld = await findWithheldPackIds(ctx.db, packs);
  const candidates = packs.filter(
    (pack) =>
      pack.status === 'NodeStatusActive' &&
      owners.some((o) => o.node_id === pack.id && providesClass(o, pack, withheld)),
  );
  const best = candidates.sort(byProviderPreference(name))[0];
  if (!best) throw notFound('Comfy Node not found', `no active pack provides ${name}`);
  return presentNode(ctx, best, { includeStatusReason: true });
}

export function byProviderPreference(name: string): (a: NodeRow, b: NodeRow) => number {
  const preempts = (pack: NodeRow) => (preemptedNames(pack).has(name) ? 0 : 1);
  const rank = (pack: NodeRow) => pack.search_ranking ?? DEFAULT_SEARCH_RANKING;
  return (a, b) =>
    preempts(a) - preempts(b) ||
    rank(a) - rank(b) ||
    Number(b.downloads) - Number(a.downloads) ||
    Number(b.github_stars) - Number(a.github_stars) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Comfy nodes of one version: `{comfy_nodes, totalNumberOfPages}`. */
export async function listVersionComfyNodes(
  ctx: AppContext,
  nodeId: string,
  version: string,
  paging: { page: number; limit: number },
  access: NodeAccess,
): Promise<{ comfy_nodes: ComfyNodeJson[]; totalNumberOfPages: number }> {
  const versionId = await resolveVersionId(ctx, nodeId, version, access);
  const [total, rows] = await Promise.all([
    countComfyNodesOfVersion(ctx.db, versionId),
    pageComfyNodesOfVersion(ctx.db, versionId, paging.limit, (paging.page - 1) * paging.limit),
  ]);
  return { comfy_nodes: rows.map(present), totalNumberOfPages: Math.ceil(total / paging.limit) };
}

/** One comfy node of one version. */
export async function getVersionComfyNode(
  ctx: AppContext,
  nodeId: string,
  version: string,
  name: string,
  access: NodeAccess,
): Promise<ComfyNodeJson> {
  const versionId = await resolveVersionId(ctx, nodeId, version, access);
  const row = await findComfyNodeOfVersion(ctx.db, versionId, name);
  if (!row) throw notFound('Comfy Node not found', `no comfy node ${name} in this version`);
  return present(row);
}

async function resolveVersionId(ctx: AppContext, nodeId: string, version: string, access: NodeAccess) {
  const normalized = requireVersion(version);
  const node = await findReadableNode(ctx.db, nodeId, access);
  const row = await findVersion(ctx.db, node.id, normalized);
  if (!row) throw notFound('Node version not found', `no version ${normalized} of ${node.id}`);
  return row.id;
}
