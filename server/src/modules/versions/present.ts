import { serializeVersion } from '../catalogue/serialize.js';
import type { ListedNodeVersionJson, NodeVersionJson } from '../catalogue/wire.js';
import type { BlobStore } from '../storage/blob-store.js';
import type { VersionRow } from './repository.js';

/** A version as the API shows it, with the public URL of its archive ('' while none is stored). */
export function presentVersion(storage: BlobStore, row: VersionRow, includeStatusReason: boolean): NodeVersionJson {
  return serializeVersion(row, {
    downloadUrl: row.storage_key ? storage.downloadUrl(row.storage_key) : '',
    includeStatusReason,
  });
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
  const version = presentVersion(storage, row, true);
  return { ...version, status_reason: includeStatusReason ? row.status_reason : '' };
}
