import type { Readable } from 'node:stream';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { isValidBlobKey } from '../storage/blob-store.js';
import { findStorageFileByKey } from './repository.js';

/** An archive ready to stream. */
export interface ArchiveDownload {
  contentType: string;
  sizeBytes: number;
  /** Quoted SHA-256 of the bytes. */
  etag: string;
  /** Opens the bytes; only called when a body is sent. */
  open(): Promise<Readable>;
}

const missing = () => notFound('File not found');

/**
 * The archive behind `/files/<key>`. Only keys registered in `storage_files` are served, and only
 * keys the blob store accepts (no `..`, no absolute paths), so the URL can never reach other files.
 */
export async function findArchive(ctx: AppContext, key: string): Promise<ArchiveDownload> {
  if (!isValidBlobKey(key)) throw missing();
  const file = await findStorageFileByKey(ctx.db, key);
  if (!file) throw missing();
  return {
    contentType: file.content_type || 'application/zip',
    sizeBytes: Number(file.size_bytes),
    etag: `"${file.sha256}"`,
    async open() {
      const blob = await ctx.storage.get(key);
      if (!blob) throw missing();
      return blob.body;
    },
  };
}
