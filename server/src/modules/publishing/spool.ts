import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { BlobTooLargeError } from '../../engines/storage/blob-store.js';
import { meteredCopyToFile } from '../../lib/stream-meter.js';

/** A request body saved to a temporary file. */
export interface SpooledFile {
  path: string;
  sizeBytes: number;
  sha256: string;
  remove(): Promise<void>;
}

/**
 * Saves a stream to a new file in `dir`, refusing (`tooLarge()`, by default BlobTooLargeError;
 * file removed) as soon as more than `maxBytes` arrive, so the disk never holds more than the limit.
 */
export async function spoolToFile(
  body: Readable,
  dir: string,
  maxBytes: number,
  tooLarge: () => Error = () => new BlobTooLargeError(maxBytes),
): Promise<SpooledFile> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomUUID()}.upload`);
  const measured = await meteredCopyToFile(body, file, { maxBytes, tooLarge });
  return { path: file, ...measured, remove: () => rm(file, { force: true }) };
}
