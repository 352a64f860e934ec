import type { Readable } from 'node:stream';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { StorageFilesTable } from '../../db/schema.js';
import { isValidBlobKey } from '../../engines/storage/blob-store.js';
import { notFound } from '../../lib/errors.js';
import { permissionDenied } from '../auth/refusals.js';
import type { Viewer } from '../auth/viewer.js';
import { packNotFound } from '../catalogue/pack-guards.js';
import { findPackByAnyCase } from '../catalogue/pack-rows.js';
import { fetchUpstreamArchive, findUncachedArchive } from '../mirror/archive-cache.js';
import { requireVersion } from '../nodes/versions-service.js';
import { memberRole } from '../publishers/repository.js';
import { type ArchiveRow, findArchiveByKey, findVersionArchive } from './repository.js';

/** An archive ready to stream. */
export interface ArchiveDownload {
  contentType: string;
  /** Null while a mirrored archive streams from an upstream that sent no length. */
  sizeBytes: number | null;
  /** Quoted SHA-256 of the bytes; '' when not known (an upstream that recorded none). */
  etag: string;
  /** Opens the bytes; only called when a body is sent. */
  open(): Promise<Readable>;
  /** Called instead of `open` when no body is sent (HEAD, 304), so work already started can finish. */
  release?(): void;
}

const missing = () => notFound('File not found');

/**
 * The archive behind `/files/<key>`, for anyone: only keys registered in `storage_files` and
 * accepted by the blob store (no `..`, no absolute paths), so the URL never reaches other files;
 * and only archives that install would hand out. A flagged, banned or deleted version, or any
 * version of a banned or deleted pack, answers 404 like an unknown key: refused code stays out of
 * reach of anyone who guesses its URL. Owners and admins read those through `findVersionArchiveFor`.
 */
export async function findArchive(ctx: AppContext, key: string, log: MirrorLog): Promise<ArchiveDownload> {
  if (!isValidBlobKey(key)) throw missing();
  const file = await findArchiveByKey(ctx.db, key);
  if (!file) return mirroredArchive(ctx, key, log);
  if (!isPublic(file)) throw missing();
  return download(ctx, file);
}

type MirrorLog = { warn(obj: object, msg: string): void };

/**
 * A mirrored version's archive that is not stored here yet: fetched from the upstream now,
 * streamed to the client while it is stored (see `fetchUpstreamArchive`). Anything else is a 404.
 */
async function mirroredArchive(ctx: AppContext, key: string, log: MirrorLog): Promise<ArchiveDownload> {
  const target = await findUncachedArchive(ctx.db, key);
  if (!target) throw missing();
  const streaming = await fetchUpstreamArchive(ctx, target, log);
  if (!streaming) return findArchive(ctx, key, log);
  return {
    contentType: streaming.contentType,
    sizeBytes: streaming.sizeBytes,
    etag: streaming.etag,
    open: async () => streaming.body,
    // Nobody reads the bytes (HEAD): let them flow so the archive is still stored.
    release: () => streaming.body.resume(),
  };
}

/** Installable: an Active or Pending version of an Active pack (as `GET /nodes/{id}/install` decides). */
function isPublic(file: ArchiveRow): boolean {
  const versionOk =
    file.version_status === 'NodeVersionStatusActive' || file.version_status === 'NodeVersionStatusPending';
  return versionOk && file.node_status === 'NodeStatusActive';
}

/**
 * The archive of one version in any status, for the pack's publisher's members and for admins
 * (reviewing a flagged version, or a publisher looking at what was refused). Everyone else gets
 * 403 `Permission denied`; a pack, version or archive that does not exist is a 404.
 */
export async function findVersionArchiveFor(
  ctx: AppContext,
  viewer: Viewer,
  nodeId: string,
  version: string,
): Promise<ArchiveDownload> {
  const normalized = requireVersion(version);
  const node = await findPackByAnyCase(ctx.db, nodeId);
  if (!node) throw packNotFound();
  const file = await findVersionArchive(ctx.db, node.id, normalized);
  if (!file) throw notFound('Node version has no archive', `no archive of version ${normalized} of ${node.id}`);
  if (!viewer.isAdmin && (await memberRole(ctx.db, file.publisher_id, viewer.id)) === null) {
    throw permissionDenied(file.publisher_id, 'only members of the publisher and admins may download this archive');
  }
  return download(ctx, file);
}

function download(ctx: AppContext, file: Selectable<StorageFilesTable>): ArchiveDownload {
  return {
    contentType: file.content_type || 'application/zip',
    sizeBytes: Number(file.size_bytes),
    etag: `"${file.sha256}"`,
    async open() {
      const blob = await ctx.storage.get(file.storage_key);
      if (!blob) throw missing();
      return blob.body;
    },
  };
}
