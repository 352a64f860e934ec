import { archiveKey, type BlobStore } from '../../engines/storage/blob-store.js';
import { statusReasonCode } from '../catalogue/archive-rejections.js';
import { serializeVersion } from '../catalogue/serialize.js';
import type { ListedNodeVersionJson, NodeVersionJson } from '../catalogue/wire.js';
import type { VersionRow } from './versions-repository.js';

/**
 * The storage key a client downloads a version from: its stored archive's, or for a mirrored
 * version not cached yet the key it will be stored under (`/files` fetches it from the upstream
 * on first request), or null when there is no archive to hand out.
 */
export function downloadKeyOf(row: VersionRow): string | null {
  if (row.storage_key) return row.storage_key;
  return row.upstream_archive_url ? archiveKey(row.publisher_id, row.node_id, row.version) : null;
}

/** A version as the API shows it, with the public URL of its archive ('' while none is stored). */
export function presentVersion(storage: BlobStore, row: VersionRow, includeStatusReason: boolean): NodeVersionJson {
  const key = downloadKeyOf(row);
  return serializeVersion(row, { downloadUrl: key ? storage.downloadUrl(key) : '', includeStatusReason });
}

/**
 * A version in the version lists: `status_reason` is always there, as on the public registry,
 * and `""` unless the caller asked for reasons (`include_status_reason=true`).
 */
export function presentListedVersion(
  storage: BlobStore,
  row: VersionRow,
  includeStatusReason: boolean,
): ListedNodeVersionJson {
  const { status_reason_code, status_reason_params, ...version } = presentVersion(storage, row, true);
  if (!includeStatusReason) return { ...version, status_reason: '' };
  return { ...version, status_reason: row.status_reason, ...statusReasonCode(row.status_reason) };
}
