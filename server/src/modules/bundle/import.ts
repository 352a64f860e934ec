import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import tar from 'tar-stream';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/values.js';
import { announceCatalogueChange } from '../catalogue/changes.js';
import { normalizeVersion } from '../catalogue/latest-version.js';
import { findPackByAnyCase } from '../catalogue/pack-rows.js';
import { attachCachedArchive } from '../mirror/archive-cache.js';
import { writeMirroredPack } from '../mirror/pack-writer.js';
import { findPublisher, upsertMirroredPublisher } from '../mirror/repository.js';
import {
  checkItem,
  UpstreamComfyNode,
  type UpstreamComfyNodeJson,
  UpstreamNode,
  type UpstreamNodeJson,
  UpstreamPublisher,
  UpstreamVersion,
  type UpstreamVersionJson,
} from '../mirror/upstream-schemas.js';
import { archiveKey } from '../storage/blob-store.js';
import { BundleError } from './export.js';
import { BUNDLE_METADATA, BundleEnvelope, BundlePackShape, MAX_METADATA_BYTES } from './format.js';

export interface ImportReport {
  packsWritten: number;
  packsUnchanged: number;
  packsRefused: number;
  archivesStored: number;
  archivesRefused: number;
}

/** One pack of the bundle, checked. */
interface BundlePack {
  publisher: { id: string; name?: string | undefined } & Record<string, unknown>;
  node: UpstreamNodeJson;
  versions: (UpstreamVersionJson & { archive: { path: string; sha256: string; sizeBytes: number } | null })[];
  classes: { version: string; rows: UpstreamComfyNodeJson[] }[];
  origin: string;
  fingerprint: string;
}

const checkedNode = (value: unknown) => {
  const checked = checkItem(UpstreamNode, value);
  return checked.ok ? checked.value : null;
};

/**
 * Imports an offline bundle: its packs become mirrored packs here (from the registry they came
 * from), written like a sync writes them, and its archives are stored after their SHA-256 is
 * checked, then analysed like any cached archive. A pack published here wins; a pack or archive
 * that fails its checks is refused on its own. Importing the same bundle again changes nothing.
 */
export async function importBundle(
  ctx: AppContext,
  input: Readable,
  log: { warn(obj: object, msg: string): void },
): Promise<ImportReport> {
  const report: ImportReport = {
    packsWritten: 0,
    packsUnchanged: 0,
    packsRefused: 0,
    archivesStored: 0,
    archivesRefused: 0,
  };
  const extract = tar.extract();
  input.pipe(extract);
  let packs: BundlePack[] | null = null;
  const expected = new Map<string, { pack: BundlePack; version: string; sha256: string; key: string }>();
  const stored = new Map<string, { size: number; sha256: string }>();

  for await (const entry of extract) {
    if (packs === null) {
      if (entry.header.name !== BUNDLE_METADATA)
        throw new BundleError(`not a bundle: it must start with ${BUNDLE_METADATA}`);
      packs = await readPacks(await readAll(entry, MAX_METADATA_BYTES), log, report);
      for (const pack of packs) {
        for (const v of pack.versions) {
          if (!v.archive) continue;
          const version = normalizeVersion(v.version) ?? v.version;
          expected.set(v.archive.path, {
            pack,
            version,
            sha256: v.archive.sha256,
            key: archiveKey(pack.publisher.id, pack.node.id, version),
          });
        }
      }
      continue;
    }
    const target = expected.get(entry.header.name);
    if (!target || (await archiveAlreadyHere(ctx, target.pack.node.id, target.version))) {
      entry.resume();
      continue;
    }
    const blob = await ctx.storage.put(target.key, Readable.from(entry), {
      contentType: 'application/zip',
      maxBytes: ctx.config.publishing.MAX_ARCHIVE_BYTES,
    });
    if (blob.sha256 !== target.sha256) {
      await ctx.storage.delete(target.key);
      report.archivesRefused++;
      log.warn(
        { archive: entry.header.name, expected: target.sha256, actual: blob.sha256 },
        "archive refused: its SHA-256 differs from the bundle's",
      );
      continue;
    }
    stored.set(target.key, { size: blob.sizeBytes, sha256: blob.sha256 });
  }
  if (packs === null) throw new BundleError('not a bundle: it is empty');

  const changed: string[] = [];
  for (const pack of packs) {
    const existing = await findPackByAnyCase(ctx.db, pack.node.id);
    const archivesToAttach = [...expected.values()].filter((e) => e.pack === pack && stored.has(e.key));
    if (
      existing &&
      existing.mirrored_from === pack.origin &&
      existing.upstream_fingerprint === pack.fingerprint &&
      archivesToAttach.length === 0
    ) {
      report.packsUnchanged++;
      continue;
    }
    const publisher = await findPublisher(ctx.db, pack.publisher.id);
    if (publisher && publisher.mirrored_from !== pack.origin) {
      report.packsRefused++;
      log.warn({ pack: pack.node.id }, `pack refused: publisher ${pack.publisher.id} is a publisher of this registry`);
      continue;
    }
    if (!publisher) await upsertMirroredPublisher(ctx.db, publisherRow(pack));
    const outcome = await writeMirroredPack(ctx.db, {
      upstream: pack.origin,
      node: pack.node,
      publisherId: pack.publisher.id,
      fingerprint: pack.fingerprint,
      versions: pack.versions,
      classes: pack.classes,
      now: nowIso(),
      keepUnlisted: true,
    });
    if (outcome === 'local-wins') {
      report.packsRefused++;
      log.warn({ pack: pack.node.id }, 'pack skipped: a pack published here has this id');
      continue;
    }
    for (const archive of archivesToAttach) {
      const version = await ctx.db
        .selectFrom('node_versions')
        .select(['id', 'storage_file_id'])
        .where('node_id', '=', pack.node.id)
        .where('version', '=', archive.version)
        .executeTakeFirst();
      const blob = stored.get(archive.key);
      if (!version || version.storage_file_id !== null || !blob) continue;
      await attachCachedArchive(
        ctx,
        { versionId: version.id, key: archive.key, upstreamUrl: '' },
        blob.size,
        blob.sha256,
      );
      report.archivesStored++;
    }
    report.packsWritten++;
    changed.push(pack.node.id);
  }
  announceCatalogueChange(ctx.events, changed);
  return report;
}

async function archiveAlreadyHere(ctx: AppContext, nodeId: string, version: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('node_versions')
    .select('storage_file_id')
    .where('node_id', '=', nodeId)
    .where('version', '=', version)
    .executeTakeFirst();
  return row?.storage_file_id != null;
}

async function readPacks(
  text: Buffer,
  log: { warn(obj: object, msg: string): void },
  report: ImportReport,
): Promise<BundlePack[]> {
  let raw: unknown;
  try {
    raw = JSON.parse(text.toString('utf8'));
  } catch {
    throw new BundleError(`not a bundle: ${BUNDLE_METADATA} is not JSON`);
  }
  const envelope = checkItem(BundleEnvelope, raw);
  if (!envelope.ok) throw new BundleError(`not a bundle: ${envelope.problem}`);
  const packs: BundlePack[] = [];
  for (const item of envelope.value.packs) {
    const pack = checkPack(item, envelope.value.source);
    if (typeof pack === 'string') {
      report.packsRefused++;
      log.warn({}, `pack refused: ${pack}`);
    } else packs.push(pack);
  }
  return packs;
}

/** A checked pack, or why it is refused. */
function checkPack(item: unknown, source: string): BundlePack | string {
  const shape = checkItem(BundlePackShape, item);
  if (!shape.ok) return shape.problem;
  const node = checkedNode(shape.value.node);
  if (!node) return `${String((shape.value.node as { id?: unknown } | null)?.id ?? '(no id)')}: not a pack`;
  const publisher = checkItem(UpstreamPublisher, shape.value.publisher);
  if (!publisher.ok) return `${node.id}: publisher ${publisher.problem}`;
  if (node.publisher && node.publisher.id !== publisher.value.id) return `${node.id}: its publisher does not match`;
  const versions: BundlePack['versions'] = [];
  const classes: BundlePack['classes'] = [];
  for (const v of shape.value.versions) {
    const checked = checkItem(UpstreamVersion, v);
    if (!checked.ok) return `${node.id}: version ${checked.problem}`;
    versions.push({ ...checked.value, downloadUrl: '', archive: v.archive });
    const rows: UpstreamComfyNodeJson[] = [];
    for (const c of v.comfy_nodes) {
      const checkedClass = checkItem(UpstreamComfyNode, c);
      if (!checkedClass.ok) return `${node.id}: class ${checkedClass.problem}`;
      rows.push(checkedClass.value);
    }
    classes.push({ version: checked.value.version, rows });
  }
  const mirrored = (shape.value.node as { mirrored_from?: unknown }).mirrored_from;
  const origin = typeof mirrored === 'string' && mirrored !== '' ? mirrored : source;
  const fingerprint = createHash('sha256').update(JSON.stringify(item)).digest('hex');
  return { publisher: publisher.value, node, versions, classes, origin, fingerprint };
}

function publisherRow(pack: BundlePack) {
  const p = pack.publisher;
  const text = (key: string) => (typeof p[key] === 'string' ? (p[key] as string) : '');
  return {
    id: p.id,
    name: text('name') || p.id,
    description: text('description'),
    website: text('website'),
    support_email: text('support'),
    source_code_repo: text('source_code_repo'),
    logo_url: text('logo'),
    status:
      p.status === 'PublisherStatusBanned' ? ('PublisherStatusBanned' as const) : ('PublisherStatusActive' as const),
    mirrored_from: pack.origin,
    updated_at: nowIso(),
  };
}

async function readAll(stream: AsyncIterable<unknown>, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new BundleError(`${BUNDLE_METADATA} is larger than ${maxBytes} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
