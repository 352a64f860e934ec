import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import tar from 'tar-stream';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/values.js';
import { archiveKey } from '../../engines/storage/blob-store.js';
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
import { spoolToFile } from '../publishing/spool.js';
import { BundleError } from './export.js';
import { BUNDLE_METADATA, BundleEnvelope, BundlePackShape, MAX_METADATA_BYTES } from './format.js';

export interface ImportReport {
  packsWritten: number;
  packsUnchanged: number;
  packsRefused: number;
  archivesStored: number;
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

/** An archive the bundle's metadata names, and where it was copied to while the bundle was checked. */
interface ExpectedArchive {
  pack: BundlePack;
  version: string;
  sha256: string;
  key: string;
  /** The checked copy under DATA_DIR/tmp; null until read, or when the version already has its archive here. */
  staged: { file: string; sizeBytes: number } | null;
  seen: boolean;
}

const checkedNode = (value: unknown) => {
  const checked = checkItem(UpstreamNode, value);
  return checked.ok ? checked.value : null;
};

/**
 * Imports an offline bundle: its packs become mirrored packs here (from the registry they came
 * from), written like a sync writes them, and its archives are stored and analysed like any
 * cached archive. A pack published here wins, and a pack whose publisher is local is refused on
 * its own. The whole bundle is checked before anything is written: a tar entry twice, an archive
 * missing, too large or not matching its SHA-256, refuses the bundle and changes nothing. The
 * archives are copied into DATA_DIR/tmp while they are checked (as `.upload` files, which the
 * leftover sweep removes should the command be killed), and only moved into the blob store for a
 * version that is written. Importing the same bundle again changes nothing.
 */
export async function importBundle(
  ctx: AppContext,
  input: Readable,
  log: { warn(obj: object, msg: string): void },
): Promise<ImportReport> {
  const report: ImportReport = { packsWritten: 0, packsUnchanged: 0, packsRefused: 0, archivesStored: 0 };
  const expected = new Map<string, ExpectedArchive>();
  try {
    const packs = await readAndCheck(ctx, input, expected, log, report);
    const changed = await writePacks(ctx, packs, expected, log, report);
    announceCatalogueChange(ctx.events, changed);
    return report;
  } finally {
    for (const archive of expected.values()) {
      if (archive.staged) await rm(archive.staged.file, { force: true });
    }
  }
}

/** Reads the whole tar: the metadata, then every archive into a checked copy. Writes nothing else. */
async function readAndCheck(
  ctx: AppContext,
  input: Readable,
  expected: Map<string, ExpectedArchive>,
  log: { warn(obj: object, msg: string): void },
  report: ImportReport,
): Promise<BundlePack[]> {
  const extract = tar.extract();
  input.on('error', (error) => extract.destroy(error));
  input.pipe(extract);
  try {
    return await readEntries(ctx, extract, expected, log, report);
  } finally {
    input.destroy();
  }
}

async function readEntries(
  ctx: AppContext,
  extract: tar.Extract,
  expected: Map<string, ExpectedArchive>,
  log: { warn(obj: object, msg: string): void },
  report: ImportReport,
): Promise<BundlePack[]> {
  let packs: BundlePack[] | null = null;
  const names = new Set<string>();
  const tmp = path.join(ctx.config.database.DATA_DIR, 'tmp');
  const maxBytes = ctx.config.publishing.MAX_ARCHIVE_BYTES;

  for await (const entry of extract) {
    const name = entry.header.name;
    if (names.has(name)) {
      entry.resume();
      throw new BundleError(
        `refused: the bundle holds ${name} twice (a damaged or altered bundle); nothing was imported`,
      );
    }
    names.add(name);
    if (packs === null) {
      if (name !== BUNDLE_METADATA) throw new BundleError(`not a bundle: it must start with ${BUNDLE_METADATA}`);
      packs = await readPacks(await readAll(entry, MAX_METADATA_BYTES), log, report);
      listArchives(packs, expected);
      continue;
    }
    const target = expected.get(name);
    if (!target) {
      entry.resume();
      continue;
    }
    target.seen = true;
    if (await archiveAlreadyHere(ctx, target.pack.node.id, target.version)) {
      entry.resume();
      continue;
    }
    const spooled = await spoolToFile(
      Readable.from(entry),
      tmp,
      maxBytes,
      () => new BundleError(`refused: ${name} is larger than MAX_ARCHIVE_BYTES (${maxBytes}); nothing was imported`),
    );
    target.staged = { file: spooled.path, sizeBytes: spooled.sizeBytes };
    if (spooled.sha256 !== target.sha256) {
      throw new BundleError(
        `refused: ${name} has SHA-256 ${spooled.sha256}, the bundle says ${target.sha256}; nothing was imported`,
      );
    }
  }
  if (packs === null) throw new BundleError('not a bundle: it is empty');
  const missing = [...expected.entries()].filter(([, a]) => !a.seen).map(([p]) => p);
  if (missing.length > 0) {
    throw new BundleError(`refused: the bundle names ${missing.join(', ')} but does not hold it; nothing was imported`);
  }
  return packs;
}

/** Fills `expected` with the archives the packs name; a pack or archive named twice refuses the bundle. */
function listArchives(packs: BundlePack[], expected: Map<string, ExpectedArchive>): void {
  const packIds = new Set<string>();
  for (const pack of packs) {
    const id = pack.node.id.toLowerCase();
    if (packIds.has(id)) throw new BundleError(`refused: the bundle lists the pack ${pack.node.id} twice`);
    packIds.add(id);
    const versions = new Set<string>();
    for (const v of pack.versions) {
      const version = normalizeVersion(v.version) ?? v.version;
      if (versions.has(version)) throw new BundleError(`refused: the bundle lists ${pack.node.id}@${version} twice`);
      versions.add(version);
      if (!v.archive) continue;
      if (expected.has(v.archive.path))
        throw new BundleError(`refused: the bundle names the archive ${v.archive.path} for two versions`);
      expected.set(v.archive.path, {
        pack,
        version,
        sha256: v.archive.sha256,
        key: archiveKey(pack.publisher.id, pack.node.id, version),
        staged: null,
        seen: false,
      });
    }
  }
}

/** Writes the checked packs and moves their checked archives into the blob store; the ids of the packs changed. */
async function writePacks(
  ctx: AppContext,
  packs: BundlePack[],
  expected: Map<string, ExpectedArchive>,
  log: { warn(obj: object, msg: string): void },
  report: ImportReport,
): Promise<string[]> {
  const changed: string[] = [];
  for (const pack of packs) {
    const existing = await findPackByAnyCase(ctx.db, pack.node.id);
    const archivesToAttach = [...expected.values()].filter((e) => e.pack === pack && e.staged !== null);
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
      if (await storeArchive(ctx, pack, archive)) report.archivesStored++;
    }
    report.packsWritten++;
    changed.push(pack.node.id);
  }
  return changed;
}

/**
 * Moves one checked archive into the blob store and points its version at it. The blob is
 * removed again when the version cannot take it, so no archive is left that no row owns.
 */
async function storeArchive(ctx: AppContext, pack: BundlePack, archive: ExpectedArchive): Promise<boolean> {
  const version = await ctx.db
    .selectFrom('node_versions')
    .select(['id', 'storage_file_id'])
    .where('node_id', '=', pack.node.id)
    .where('version', '=', archive.version)
    .executeTakeFirst();
  if (!version || version.storage_file_id !== null || !archive.staged) return false;
  const { file, sizeBytes } = archive.staged;
  try {
    const blob = await ctx.storage.put(archive.key, createReadStream(file), {
      contentType: 'application/zip',
      maxBytes: sizeBytes,
    });
    if (blob.sha256 !== archive.sha256) throw new BundleError(`${file} changed while the bundle was imported`);
    await attachCachedArchive(
      ctx,
      { versionId: version.id, key: archive.key, upstreamUrl: '' },
      blob.sizeBytes,
      blob.sha256,
      'bundle',
    );
    return true;
  } catch (error) {
    await ctx.storage.delete(archive.key).catch(() => undefined);
    throw error;
  }
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
