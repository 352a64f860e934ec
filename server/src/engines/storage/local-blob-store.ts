import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { meteredCopyToFile } from '../../lib/stream-meter.js';
import { type BlobStore, BlobTooLargeError, isValidBlobKey, type PutOptions, type StoredBlob } from './blob-store.js';

/** What a blob being written is called until it is complete (see `put`). */
const PARTIAL_SUFFIX = '.partial';

/**
 * Blobs as files under a folder (default `DATA_DIR/blobs`), downloaded through the API's
 * `/files/<key>` route. Writes go to a temporary file that is renamed into place, so a reader
 * never sees half an archive.
 */
export class LocalBlobStore implements BlobStore {
  constructor(
    private readonly root: string,
    private readonly publicBaseUrl: string,
  ) {}

  async put(key: string, body: Readable, options: PutOptions): Promise<StoredBlob> {
    const target = this.#pathFor(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}${PARTIAL_SUFFIX}`;
    const measured = await meteredCopyToFile(body, temporary, {
      maxBytes: options.maxBytes,
      tooLarge: () => new BlobTooLargeError(options.maxBytes),
      finish: () => rename(temporary, target),
    });
    return { key, ...measured };
  }

  /** Writes, reads back and removes a small file in the folder. */
  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    const probe = path.join(this.root, `.ready-${randomUUID()}${PARTIAL_SUFFIX}`);
    try {
      await writeFile(probe, 'ready');
      if ((await readFile(probe, 'utf8')) !== 'ready') throw new Error(`${probe} did not read back`);
    } finally {
      await rm(probe, { force: true });
    }
  }

  async get(key: string): Promise<{ body: Readable; sizeBytes: number } | null> {
    const file = this.#pathFor(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return { body: createReadStream(file), sizeBytes: info.size };
    } catch {
      return null;
    }
  }

  async getRange(key: string, start: number, end: number): Promise<Readable | null> {
    const file = this.#pathFor(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    if (end <= start) return Readable.from([]);
    return createReadStream(file, { start, end: end - 1 });
  }

  localPath(key: string): string | null {
    return isValidBlobKey(key) ? this.#pathFor(key) : null;
  }

  async delete(key: string): Promise<void> {
    await rm(this.#pathFor(key), { force: true });
  }

  async removeLeftovers(before: Date): Promise<number> {
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true }).catch(() => []);
    let removed = 0;
    for (const entry of entries) {
      if (!entry.isFile() || !entry.name.endsWith(PARTIAL_SUFFIX)) continue;
      const file = path.join(entry.parentPath, entry.name);
      const info = await stat(file).catch(() => null);
      if (!info || info.mtimeMs >= before.getTime()) continue;
      await rm(file, { force: true });
      removed++;
    }
    return removed;
  }

  downloadUrl(key: string): string {
    return `${this.publicBaseUrl.replace(/\/$/, '')}/files/${key.split('/').map(encodeURIComponent).join('/')}`;
  }

  #pathFor(key: string): string {
    if (!isValidBlobKey(key)) throw new Error(`invalid blob key: ${key}`);
    return path.join(this.root, ...key.split('/'));
  }
}
