import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ComfyNodesTable, Database, NodesTable, NodeVersionStatus, NodeVersionsTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { recordCatalogueChange } from '../catalogue/changes.js';
import { normalizeVersion, refreshLatestVersion } from '../catalogue/latest-version.js';
import { normalizeNodeId } from '../catalogue/node-id.js';
import { mirroredPackColumns } from '../catalogue/pack-columns.js';
import { createPack, findPackByAnyCase, updatePack } from '../catalogue/pack-rows.js';
import { updateVersionColumns } from '../catalogue/version-rows.js';
import { changeVersionStatus, createVersion } from '../catalogue/version-status.js';
import { findOverride, replaceVersionClasses, versionsOfPack } from './repository.js';
import type { UpstreamComfyNodeJson, UpstreamNodeJson, UpstreamVersionJson } from './upstream-schemas.js';

/** Why a version is marked Deleted here when the upstream no longer lists it. */
export const REMOVED_UPSTREAM = 'removed upstream';

/** One pack as read from the upstream, ready to write. */
export interface MirroredPack {
  upstream: string;
  node: UpstreamNodeJson;
  publisherId: string;
  fingerprint: string;
  versions: UpstreamVersionJson[];
  /** Class definitions per version, for the versions whose classes were read. */
  classes?: { version: string; rows: UpstreamComfyNodeJson[] }[] | undefined;
  now: string;
  /** Leave versions missing from `versions` as they are (a bundle may carry only the latest). */
  keepUnlisted?: boolean;
}

export type WriteOutcome = 'written' | 'local-wins';

/**
 * Writes one mirrored pack in one transaction, through the same repository functions publishing
 * and moderation use: pack row, versions with their status history, the latest-version pointer
 * and the change feed. A pack published here (empty `mirrored_from`) is never touched: local
 * packs win, and so does an id an admin released for local use. Versions the upstream stopped listing are marked Deleted, not removed.
 */
export async function writeMirroredPack(db: Kysely<Database>, input: MirroredPack): Promise<WriteOutcome> {
  return db.transaction().execute(async (trx) => {
    const existing = await findPackByAnyCase(trx, input.node.id);
    if (existing && existing.mirrored_from !== input.upstream) return 'local-wins';
    // An id an admin released for local use stays free for the local pack, even before it exists.
    if (!existing && (await findOverride(trx, normalizeNodeId(input.node.id)))) return 'local-wins';
    const columns = mirroredPackColumns(input.node, input);
    let pack: Selectable<NodesTable>;
    if (existing) {
      await updatePack(trx, existing.id, columns);
      pack = existing;
    } else {
      pack = await createPack(trx, { ...columns, id: input.node.id, created_at: input.now });
    }

    const current = new Map((await versionsOfPack(trx, pack.id)).map((row) => [row.version, row]));
    const listed = new Set<string>();
    for (const upstreamVersion of input.versions) {
      const version = normalizeVersion(upstreamVersion.version);
      if (!version || listed.has(version)) continue;
      listed.add(version);
      await writeVersion(trx, pack, version, upstreamVersion, current.get(version), input.now);
    }
    for (const [version, row] of current) {
      if (input.keepUnlisted || listed.has(version) || row.status === 'NodeVersionStatusDeleted') continue;
      await changeVersionStatus(trx, row, { status: 'NodeVersionStatusDeleted', reason: REMOVED_UPSTREAM }, null);
    }
    for (const classes of input.classes ?? []) {
      const version = normalizeVersion(classes.version);
      const row = version
        ? await trx
            .selectFrom('node_versions')
            .select(['id', 'storage_file_id'])
            .where('node_id', '=', pack.id)
            .where('version', '=', version)
            .executeTakeFirst()
        : undefined;
      // Once the archive is cached here, the classes extracted from it take precedence.
      if (row && row.storage_file_id === null) {
        await replaceVersionClasses(
          trx,
          row.id,
          classes.rows.map((c) => classRow(pack.id, row.id, c)),
        );
      }
    }
    await refreshLatestVersion(trx, pack.id);
    await recordCatalogueChange(trx, [pack.id]);
    return 'written';
  });
}

/** Marks a mirrored pack removed or banned upstream; it stays here, readable by admins. */
export async function markMirroredPack(
  db: Kysely<Database>,
  nodeId: string,
  status: 'NodeStatusDeleted' | 'NodeStatusBanned',
  detail: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await updatePack(trx, nodeId, { status, status_detail: detail, updated_at: new Date().toISOString() });
    await recordCatalogueChange(trx, [nodeId]);
  });
}

async function writeVersion(
  trx: Parameters<typeof createVersion>[0],
  pack: Selectable<NodesTable>,
  version: string,
  upstream: UpstreamVersionJson,
  row: Selectable<NodeVersionsTable> | undefined,
  now: string,
): Promise<void> {
  const status: NodeVersionStatus = upstream.status ?? 'NodeVersionStatusActive';
  const reason = upstream.status_reason ?? '';
  const columns = {
    changelog: upstream.changelog ?? '',
    dependencies: JSON.stringify(upstream.dependencies ?? []),
    deprecated: upstream.deprecated ?? false,
    supported_os: JSON.stringify(upstream.supported_os ?? []),
    supported_accelerators: JSON.stringify(upstream.supported_accelerators ?? []),
    supported_comfyui_version: upstream.supported_comfyui_version ?? '',
    supported_comfyui_frontend_version: upstream.supported_comfyui_frontend_version ?? '',
    upstream_archive_url: upstream.downloadUrl ?? '',
  };
  if (!row) {
    await createVersion(
      trx,
      {
        ...columns,
        id: newId(),
        node_id: pack.id,
        version,
        publisher_id: pack.publisher_id,
        status,
        status_reason: reason,
        // The upstream's classes arrive with the version (when read); nothing is pending here.
        comfy_node_extract_status: 'success',
        created_at: validTime(upstream.createdAt) ?? now,
        updated_at: now,
      },
      null,
    );
    return;
  }
  if (changed(row, columns)) await updateVersionColumns(trx, row.id, { ...columns, updated_at: now });
  // A version flagged by this registry's scan or banned by its admins stays so until they decide;
  // the upstream still calling it Active does not undo that.
  const heldHere = row.status === 'NodeVersionStatusFlagged' || row.status === 'NodeVersionStatusBanned';
  if (heldHere && status === 'NodeVersionStatusActive') return;
  if (row.status !== status) await changeVersionStatus(trx, row, { status, reason }, null);
}

function changed(row: Selectable<NodeVersionsTable>, columns: Record<string, string | boolean>): boolean {
  return Object.entries(columns).some(([key, value]) => {
    const current = row[key as keyof typeof row];
    return typeof value === 'boolean' ? Boolean(current) !== value : current !== value;
  });
}

function classRow(nodeId: string, versionId: string, c: UpstreamComfyNodeJson): Insertable<ComfyNodesTable> {
  return {
    id: newId(),
    node_id: nodeId,
    node_version_id: versionId,
    source: 'archive',
    name: c.comfy_node_name,
    display_name: c.display_name ?? '',
    category: c.category ?? '',
    description: c.description ?? '',
    input_types: c.input_types ?? '',
    return_types: c.return_types ?? '',
    return_names: c.return_names ?? '',
    output_is_list: JSON.stringify(c.output_is_list ?? []),
    function: c.function ?? '',
    output_node: c.output_node ?? false,
    deprecated: c.deprecated ?? false,
    experimental: c.experimental ?? false,
  };
}

function validTime(value: string | undefined): string | null {
  if (!value) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}
