import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from '../storage/blob-store.js';

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
  if (!blob) throw new ArchiveIntegrityError(`the stored archive ${key} is missing`);
  await mkdir(tmpDir, { recursive: true });
  const file = path.join(tmpDir, `${randomUUID()}.zip`);
  const remove = () => rm(file, { force: true });
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      // Stop early rather than copy a blob that is already known to be wrong.
      if (size > expected.sizeBytes) return callback(new ArchiveIntegrityError('the stored archive grew'));
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(blob.body, meter, createWriteStream(file, { flags: 'wx' }));
  } catch (error) {
    await remove();
    throw error;
  }
  if (size !== expected.sizeBytes || hash.digest('hex') !== expected.sha256) {
    await remove();
    throw new ArchiveIntegrityError('the stored archive does not match the uploaded one');
  }
  return { path: file, remove };
}
