import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { rejectionText } from '../../engines/archive/rejections.js';
import type { BlobStore } from '../../engines/storage/blob-store.js';
import { meteredCopyToFile } from '../../lib/stream-meter.js';

/** A stored archive copied to a local file for the analyser; `remove` deletes the copy. */
export interface LocalArchive {
  path: string;
  remove(): Promise<void>;
}

/** The stored blob is gone or differs from what the upload recorded: retrying cannot help. */
export class ArchiveIntegrityError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveIntegrityError';
  }
}

/**
 * Copies a blob into `tmpDir`, checking it has the size and SHA-256 recorded at upload, so the
 * analyser reads exactly the bytes the publisher sent (and never a half-written object).
 */
export async function fetchArchive(
  storage: BlobStore,
  key: string,
  expected: { sizeBytes: number; sha256: string },
  tmpDir: string,
): Promise<LocalArchive> {
  const blob = await storage.get(key);
  if (!blob) throw new ArchiveIntegrityError(rejectionText('archive.stored_missing', { key }));
  await mkdir(tmpDir, { recursive: true });
  const file = path.join(tmpDir, `${randomUUID()}.zip`);
  const remove = () => rm(file, { force: true });
  await meteredCopyToFile(blob.body, file, {
    maxBytes: expected.sizeBytes,
    // Stop early rather than copy a blob that is already known to be wrong.
    tooLarge: () => new ArchiveIntegrityError(rejectionText('archive.stored_grew')),
    finish: (measured) => {
      if (measured.sizeBytes !== expected.sizeBytes || measured.sha256 !== expected.sha256) {
        throw new ArchiveIntegrityError(rejectionText('archive.stored_mismatch'));
      }
    },
  });
  return { path: file, remove };
}
