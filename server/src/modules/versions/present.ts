import { serializeVersion } from '../catalogue/serialize.js';
import type { NodeVersionJson } from '../catalogue/wire.js';
import type { BlobStore } from '../storage/blob-store.js';
import type { VersionRow } from './repository.js';

/** A version as the API shows it, with the public URL of its archive ('' while none is stored). */
export function presentVersion(storage: BlobStore, row: VersionRow, includeStatusReason: boolean): NodeVersionJson {
  return serializeVersion(row, {
    downloadUrl: row.storage_key ? storage.downloadUrl(row.storage_key) : '',
    includeStatusReason,
  });
}
