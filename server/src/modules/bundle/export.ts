import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import type { AppContext } from '../../context.js';
import { archiveKey } from '../../engines/storage/blob-store.js';
import { compareVersionsDesc } from '../catalogue/latest-version.js';
import { findPackByAnyCase } from '../catalogue/pack-rows.js';
import { serializeComfyNode, serializeNode, serializeVersion } from '../catalogue/serialize.js';
import { cacheUpstreamArchive, findUncachedArchive } from '../mirror/archive-cache.js';
import { findPublisher } from '../mirror/repository.js';
import { listVersionsOfNode, type VersionRow } from '../nodes/versions-repository.js';
import { BUNDLE_FORMAT, BUNDLE_FORMAT_VERSION, BUNDLE_METADATA } from './format.js';

/** A pack, a version or an archive the bundle cannot be made with. */
export class BundleError extends Error {}

export interface ExportOptions {
  packs: string[];
  versions: 'latest' | 'all';
  log: { warn(obj: object, msg: string): void };
}

export interface ExportReport {
  packs: number;
  versions: number;
  archives: number;
  /** Versions whose archive could not be had (a mirrored one whose upstream is unreachable). */
  missingArchives: string[];
}

/**
 * Writes an offline bundle of the given packs (their installable versions, all or only the
 * latest) to `out`. Mirrored archives not cached yet are fetched from the upstream first; one
 * that cannot be fetched leaves its version in the bundle without an archive, and is reported.
 */
export async function exportBundle(ctx: AppContext, options: ExportOptions, out: Writable): Promise<ExportReport> {
  const report: ExportReport = { packs: 0, versions: 0, archives: 0, missingArchives: [] };
  const packs: unknown[] = [];
  const archives: { path: string; key: string; size: number }[] = [];
  for (const requested of options.packs) {
    const node = await findPackByAnyCase(ctx.db, requested);
    if (!node) throw new BundleError(`no pack ${requested} in this registry`);
    const publisher = await findPublisher(ctx.db, node.publisher_id);
    let rows = (await listVersionsOfNode(ctx.db, node.id, ['NodeVersionStatusActive'])).sort(compareVersionsDesc);
    if (options.versions === 'latest') rows = rows.slice(0, 1);
    const versions: unknown[] = [];
    for (const listed of rows) {
      const row = await ensureArchive(ctx, listed, options.log);
      const classes = await ctx.db
        .selectFrom('comfy_nodes')
        .selectAll()
        .where('node_version_id', '=', row.id)
        .orderBy('name')
        .execute();
      const file = row.storage_file_id
        ? await ctx.db.selectFrom('storage_files').selectAll().where('id', '=', row.storage_file_id).executeTakeFirst()
        : undefined;
      let archive: { path: string; sha256: string; sizeBytes: number } | null = null;
      if (file) {
        const path = `archives/${archiveKey(node.publisher_id, node.id, row.version)}`;
        archive = { path, sha256: file.sha256, sizeBytes: Number(file.size_bytes) };
        archives.push({ path, key: file.storage_key, size: Number(file.size_bytes) });
        report.archives++;
      } else {
        report.missingArchives.push(`${node.id}@${row.version}`);
      }
      versions.push({
        ...serializeVersion(row, { downloadUrl: '', includeStatusReason: true }),
        archive,
        comfy_nodes: classes.map((c) => serializeComfyNode(c, { nodeId: node.id, version: row.version })),
      });
      report.versions++;
    }
    packs.push({
      publisher: publisher
        ? {
            id: publisher.id,
            name: publisher.name,
            description: publisher.description,
            website: publisher.website,
            support: publisher.support_email,
            source_code_repo: publisher.source_code_repo,
            logo: publisher.logo_url,
            status: publisher.status,
          }
        : { id: node.publisher_id },
      node: serializeNode(node, { publisher: { id: node.publisher_id, name: publisher?.name ?? node.publisher_id } }),
      versions,
    });
    report.packs++;
  }

  const bundle = tar.pack();
  const written = pipeline(bundle, out);
  const metadata = {
    format: BUNDLE_FORMAT,
    formatVersion: BUNDLE_FORMAT_VERSION,
    source: ctx.config.server.PUBLIC_API_URL,
    createdAt: new Date().toISOString(),
    packs,
  };
  bundle.entry({ name: BUNDLE_METADATA }, JSON.stringify(metadata));
  for (const archive of archives) {
    const blob = await ctx.storage.get(archive.key);
    if (!blob) throw new BundleError(`the stored archive ${archive.key} is missing`);
    const entry = bundle.entry({ name: archive.path, size: archive.size });
    await pipeline(blob.body, entry);
  }
  bundle.finalize();
  await written;
  return report;
}

/** The version with its archive stored here, fetching a mirrored one from the upstream if need be. */
async function ensureArchive(ctx: AppContext, row: VersionRow, log: ExportOptions['log']): Promise<VersionRow> {
  if (row.storage_file_id || !row.upstream_archive_url) return row;
  const target = await findUncachedArchive(ctx.db, archiveKey(row.publisher_id, row.node_id, row.version));
  if (!target) return row;
  try {
    await cacheUpstreamArchive(ctx, target, log);
  } catch (error) {
    log.warn(
      { version: `${row.node_id}@${row.version}`, err: error },
      'archive left out: the upstream could not deliver it',
    );
    return row;
  }
  const fresh = await ctx.db
    .selectFrom('node_versions')
    .select('storage_file_id')
    .where('id', '=', row.id)
    .executeTakeFirst();
  return { ...row, storage_file_id: fresh?.storage_file_id ?? null };
}
