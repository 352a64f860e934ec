import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobTooLargeError } from '../storage/blob-store.js';

/** A request body saved to a temporary file. */
export interface SpooledFile {
  path: string;
  sizeBytes: number;
  sha256: string;
  remove(): Promise<void>;
}

/**
 * Saves a stream to a new file in `dir`, refusing (BlobTooLargeError, file removed) as soon as
 * more than `maxBytes` arrive, so the disk never holds more than the limit.
 */
export async function spoolToFile(body: Readable, dir: string, maxBytes: number): Promise<SpooledFile> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomUUID()}.upload`);
  const remove = () => rm(file, { force: true });
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) return callback(new BlobTooLargeError(maxBytes));
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(body, meter, createWriteStream(file, { flags: 'wx' }));
  } catch (error) {
    await remove();
    throw error;
  }
  return { path: file, sizeBytes: size, sha256: hash.digest('hex'), remove };
}
