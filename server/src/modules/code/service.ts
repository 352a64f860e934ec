import type { Readable } from 'node:stream';
import type { AppContext } from '../../context.js';
import { packRoot } from '../../engines/archive/readme.js';
import { notFound, unauthorized, withCode } from '../../lib/errors.js';
import { permissionDenied } from '../auth/refusals.js';
import type { Viewer } from '../auth/viewer.js';
import { packNotFound } from '../catalogue/pack-guards.js';
import { findPackByAnyCase } from '../catalogue/pack-rows.js';
import { isHeldPending } from '../catalogue/withheld.js';
import { requireVersion } from '../nodes/versions-service.js';
import { memberRole } from '../publishers/repository.js';
import { findVersionWithArchive, type VersionArchiveRow } from './repository.js';
import {
  archiveDirectory,
  type OpenedArchive,
  openStoredArchive,
  readFileStart,
  type StoredFile,
  streamFile,
} from './stored-zip.js';
import { binaryByName, decodeText, imageTypeOf, isBinary, languageOf, lineCount, longestLine } from './text.js';

/** Most bytes of one file the file view returns; a longer file is shown up to here, with a download link. */
export const VIEW_LIMIT_BYTES = 1024 * 1024;

/** A version the viewer may read, with its stored archive. */
export interface ReadableVersion {
  nodeId: string;
  version: string;
  /** Installable (Active, or Pending and not held, of an Active pack): anyone may read it. */
  public: boolean;
  storageFileId: string;
  storageKey: string;
  sizeBytes: number;
  sha256: string;
  row: VersionArchiveRow;
}

const versionNotFound = (nodeId: string, version: string) =>
  notFound('Node version not found', `no version ${version} of ${nodeId}`);

/**
 * The archive rule `/files` and `/archive` already follow, applied to one version: installable
 * versions for everyone; held (Flagged, or Pending for an administrator), refused, banned and
 * deleted versions, and every version of a banned pack, for the members of the pack's publisher and admins only.
 */
export async function readableVersion(
  ctx: AppContext,
  viewer: Viewer | null,
  nodeId: string,
  version: string,
): Promise<ReadableVersion> {
  const normalized = requireVersion(version);
  const node = await findPackByAnyCase(ctx.db, nodeId);
  if (!node || node.status === 'NodeStatusDeleted') throw packNotFound();
  const row = await findVersionWithArchive(ctx.db, node.id, normalized);
  if (!row) throw versionNotFound(node.id, normalized);
  const installable =
    (row.status === 'NodeVersionStatusActive' || (row.status === 'NodeVersionStatusPending' && !isHeldPending(row))) &&
    row.node_status === 'NodeStatusActive';
  if (!installable) {
    if (!viewer) {
      throw withCode(
        unauthorized('Sign in to see this version', 'only members of the publisher and admins may see it'),
        'code.sign_in',
      );
    }
    if (!viewer.isAdmin && (await memberRole(ctx.db, row.publisher_id, viewer.id)) === null) {
      throw permissionDenied(row.publisher_id, 'only members of the publisher and admins may see this version');
    }
  }
  if (!row.storage_file_id || !row.storage_key || !row.sha256) {
    throw notFound('Node version has no archive', `no archive of version ${normalized} of ${node.id}`);
  }
  return {
    nodeId: node.id,
    version: row.version,
    public: installable,
    storageFileId: row.storage_file_id,
    storageKey: row.storage_key,
    sizeBytes: Number(row.size_bytes),
    sha256: row.sha256,
    row,
  };
}

/** One file in a listing. */
export interface ListedFile {
  path: string;
  size: number;
  kind: 'text' | 'binary';
  language: string | null;
}

export interface Listing {
  node_id: string;
  version: string;
  root: string;
  file_count: number;
  total_bytes: number;
  files: ListedFile[];
}

type ArchiveListing = Omit<Listing, 'node_id' | 'version'>;

/** The listing of each cached directory: it leaves memory with its directory. */
const listings = new WeakMap<ReadonlyMap<string, unknown>, ArchiveListing>();

/** Every file of a version's archive, from its checked central directory alone (nothing is inflated). */
export async function listVersionFiles(ctx: AppContext, target: ReadableVersion): Promise<Listing> {
  const directory = await archiveDirectory(ctx, target);
  let listing = listings.get(directory);
  if (!listing) {
    listing = listingOf(directory);
    listings.set(directory, listing);
  }
  return { node_id: target.nodeId, version: target.version, ...listing };
}

function listingOf(directory: ReadonlyMap<string, StoredFile>): ArchiveListing {
  const files = [...directory.values()]
    .map(
      (f): ListedFile => ({
        path: f.name,
        size: f.size,
        kind: binaryByName(f.name) ? 'binary' : 'text',
        language: languageOf(f.name),
      }),
    )
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    root: packRoot(files.map((f) => f.path)),
    file_count: files.length,
    total_bytes: files.reduce((sum, f) => sum + f.size, 0),
    files,
  };
}

/**
 * The file a path names: the archive path itself, or a path from the pack root when everything
 * is wrapped in one folder (what a README's relative links mean). An exact name always wins.
 */
export function resolvePath(archive: OpenedArchive, path: string): StoredFile {
  const exact = archive.files.get(path);
  if (exact) return exact;
  const root = packRoot([...archive.files.keys()]);
  const fromRoot = root ? archive.files.get(`${root}${path}`) : undefined;
  if (fromRoot) return fromRoot;
  throw withCode(notFound('File not found', `no file ${path} in the archive`), 'code.file_not_found', { path });
}

export interface FileView {
  node_id: string;
  version: string;
  path: string;
  size: number;
  language: string | null;
  binary: boolean;
  truncated: boolean;
  limit_bytes: number;
  content: string | null;
  line_count: number | null;
  longest_line: number | null;
}

/** One file's text up to the view limit, or only its size when it is binary. */
export async function readVersionFile(ctx: AppContext, target: ReadableVersion, path: string): Promise<FileView> {
  const archive = await openStoredArchive(ctx, target);
  try {
    const file = resolvePath(archive, path);
    const base = {
      node_id: target.nodeId,
      version: target.version,
      path: file.name,
      size: file.size,
      language: languageOf(file.name),
      limit_bytes: VIEW_LIMIT_BYTES,
    };
    const binaryView = { ...base, binary: true, truncated: false, content: null, line_count: null, longest_line: null };
    if (binaryByName(file.name)) return binaryView;
    const { bytes, truncated } = await readFileStart(archive, file, VIEW_LIMIT_BYTES);
    if (isBinary(file.name, bytes)) return binaryView;
    const content = decodeText(bytes, truncated);
    return {
      ...base,
      binary: false,
      truncated,
      content,
      line_count: lineCount(content),
      longest_line: longestLine(content),
    };
  } finally {
    archive.close();
  }
}

/** One file's bytes for download, and images for a README, with their checked name. */
export interface RawFile {
  path: string;
  size: number;
  /** An image type for images (a README shows them), otherwise a download. */
  imageType: string | null;
  body: Readable;
}

/** Streams one whole file; the archive stays open until the stream ends. */
export async function openVersionFile(ctx: AppContext, target: ReadableVersion, path: string): Promise<RawFile> {
  const archive = await openStoredArchive(ctx, target);
  try {
    const file = resolvePath(archive, path);
    const body = await streamFile(archive, file);
    return { path: file.name, size: file.size, imageType: imageTypeOf(file.name), body };
  } catch (error) {
    archive.close();
    throw error;
  }
}
