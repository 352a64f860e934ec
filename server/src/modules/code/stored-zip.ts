import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { archiveLimitsFromConfig } from '../../config/archive.js';
import type { AppContext } from '../../context.js';
import { HttpError, notFound, withCode } from '../../lib/errors.js';
import { listEntries } from '../archive/zip/open-zip.js';
import { checkEntries } from '../archive/zip/validate-entries.js';

/** One file of a stored archive, as its central directory describes it (nothing inflated). */
export interface StoredFile {
  name: string;
  size: number;
  compressedSize: number;
  crc32: number;
  entry: Entry;
}

/** A stored archive opened for reading; `close` must be called once done. */
export interface OpenedArchive {
  files: Map<string, StoredFile>;
  zipfile: ZipFile;
  close(): void;
}

/** What reading the start of one file gave. */
export interface FileBytes {
  /** At most the requested number of bytes from the file's start. */
  bytes: Buffer;
  /** Whether the file is longer than what was read. */
  truncated: boolean;
}

const unreadable = (detail: string) =>
  withCode(new HttpError(422, 'Archive cannot be shown', detail), 'code.archive_unreadable');

function openPath(zipPath: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      zipPath,
      { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: false },
      (error, zipfile) => (error ? reject(error) : resolve(zipfile)),
    );
  });
}

function openBuffer(buffer: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      buffer,
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: false },
      (error, zipfile) => (error ? reject(error) : resolve(zipfile)),
    );
  });
}

async function readWhole(body: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) {
      body.destroy();
      throw unreadable('archive larger than the configured limit');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Opens a stored archive where it lies: a local blob is read by offset from its file, a remote
 * one is fetched into memory (bounded by the archive size limit). Only the central directory is
 * read here, and every name goes through the publishing pipeline's own checks, so the code view
 * never shows an entry the pipeline would have refused.
 */
export async function openStoredArchive(ctx: AppContext, storageKey: string): Promise<OpenedArchive> {
  const limits = archiveLimitsFromConfig(ctx.config.publishing);
  const localPath = ctx.storage.localPath?.(storageKey) ?? null;
  let zipfile: ZipFile;
  try {
    if (localPath) zipfile = await openPath(localPath);
    else {
      const blob = await ctx.storage.get(storageKey);
      if (!blob) throw notFound('Node version has no archive', `nothing stored under ${storageKey}`);
      zipfile = await openBuffer(await readWhole(blob.body, limits.maxArchiveBytes));
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw notFound('Node version has no archive', `nothing stored under ${storageKey}`);
    }
    throw unreadable((error as Error).message);
  }
  try {
    if (zipfile.entryCount > limits.maxEntries) throw unreadable('too many entries');
    const raws = await listEntries(zipfile, limits.maxEntries).catch((error: Error) => {
      throw unreadable(error.message);
    });
    const checked = checkEntries(raws, limits);
    if (!checked.ok) throw unreadable(checked.reason);
    const files = new Map<string, StoredFile>();
    for (const { raw, name, isDirectory } of checked.entries) {
      if (isDirectory) continue;
      const { entry } = raw;
      files.set(name, {
        name,
        size: entry.uncompressedSize,
        compressedSize: entry.compressedSize,
        crc32: entry.crc32 >>> 0,
        entry,
      });
    }
    let open = true;
    const close = () => {
      if (open) zipfile.close();
      open = false;
    };
    return { files, zipfile, close };
  } catch (error) {
    zipfile.close();
    throw error;
  }
}

function openStream(zipfile: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zipfile.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream)));
  });
}

/**
 * Inflates one file up to `maxBytes`, stopping there: a file over the limit costs only the limit.
 * A file read whole is checked against its declared size and checksum, as publishing does.
 */
export async function readFileStart(archive: OpenedArchive, file: StoredFile, maxBytes: number): Promise<FileBytes> {
  let stream: Readable;
  try {
    stream = await openStream(archive.zipfile, file.entry);
  } catch (error) {
    throw unreadable((error as Error).message);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let crc = 0;
  let truncated = false;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const room = maxBytes - size;
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room));
        size += room;
        truncated = true;
        stream.destroy();
        break;
      }
      chunks.push(chunk);
      size += chunk.length;
      crc = crc32(chunk, crc);
    }
  } catch (error) {
    throw unreadable((error as Error).message);
  }
  if (!truncated && (size !== file.size || crc >>> 0 !== file.crc32)) {
    throw unreadable(`${file.name} does not match its recorded size or checksum`);
  }
  return { bytes: Buffer.concat(chunks), truncated: truncated || size < file.size };
}

/** Streams one whole file (for downloading it); the archive is closed when the stream ends. */
export async function streamFile(archive: OpenedArchive, file: StoredFile): Promise<Readable> {
  const stream = await openStream(archive.zipfile, file.entry);
  const close = () => archive.close();
  stream.once('end', close);
  stream.once('close', close);
  stream.once('error', close);
  return stream;
}
