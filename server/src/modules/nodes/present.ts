import type { AppContext } from '../../context.js';
import { serializeNode } from '../catalogue/serialize.js';
import type { NodeJson } from '../catalogue/wire.js';
import { presentVersion } from './present-version.js';
import { findPublisherRefs, type ListedNodeRow, type NodeRow } from './repository.js';
import { findVersionsByIds } from './versions-repository.js';

export interface PresentNodesOptions {
  /** Whether `latest_version` carries `status_reason` (single-pack answers do, lists do not). */
  includeStatusReason: boolean;
  includeTranslations?: boolean;
}

/**
 * Packs as the API shows them, each with `publisher: {id, name}` and `latest_version` (the row
 * `latest_version_id` points at, omitted when none). Publishers and versions of the whole batch
 * load in two queries, whatever the page size.
 */
export async function presentNodes(
  ctx: AppContext,
  rows: (NodeRow | ListedNodeRow)[],
  options: PresentNodesOptions,
): Promise<NodeJson[]> {
  const versionIds = rows.map((r) => r.latest_version_id).filter((id): id is string => id !== null);
  // Rows read with their publishers' names (a catalogue page) need no query for them.
  const named = rows.every((r): r is ListedNodeRow => 'publisher_name' in r);
  const [versions, publishers] = await Promise.all([
    findVersionsByIds(ctx.db, versionIds),
    named
      ? rows.map((r) => ({ id: r.publisher_id, name: (r as ListedNodeRow).publisher_name }))
      : findPublisherRefs(ctx.db, [...new Set(rows.map((r) => r.publisher_id))]),
  ]);
  const versionById = new Map(versions.map((v) => [v.id, v]));
  const publisherById = new Map(publishers.map((p) => [p.id, { id: p.id, name: p.name }]));
  return rows.map((row) => {
    const latest = row.latest_version_id ? versionById.get(row.latest_version_id) : undefined;
    return serializeNode(row, {
      latestVersion: latest ? presentVersion(ctx.storage, latest, options.includeStatusReason) : undefined,
      publisher: publisherById.get(row.publisher_id),
      includeTranslations: options.includeTranslations ?? false,
    });
  });
}

/** One pack as the API shows it. */
export async function presentNode(ctx: AppContext, row: NodeRow, options: PresentNodesOptions): Promise<NodeJson> {
  const [node] = await presentNodes(ctx, [row], options);
  if (!node) throw new Error('presentNodes returned nothing for one row');
  return node;
}
