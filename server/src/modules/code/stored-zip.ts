import { close as fsClose, open as fsOpen, read as fsRead, fstat } from 'node:fs';
import { PassThrough, Readable } from 'node:stream';
import { promisify } from 'node:util';
import { crc32, inflateRawSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import yauzl, { type ZipFile } from 'yauzl';
import { archiveLimitsFromConfig } from '../../config/archive.js';
import type { AppContext } from '../../context.js';
import type { ArchiveDirectoryEntry } from '../../engines/archive/types.js';
import { listEntries } from '../../engines/archive/zip/open-zip.js';
import { directoryOf } from '../../engines/archive/zip/read-archive.js';
import { checkEntries } from '../../engines/archive/zip/validate-entries.js';
import type { BlobStore } from '../../engines/storage/blob-store.js';
import { HttpError, notFound, withCode } from '../../lib/errors.js';
import { unavailableReason } from '../../lib/infrastructure-errors.js';
import { findArchiveDirectory, saveArchiveDirectory } from '../catalogue/archive-directories.js';

/**
 * One file of a stored archive, as its checked central directory describes it (nothing inflated):
 * its sizes, checksum and where its local header lies.
 */
export type StoredFile = ArchiveDirectoryEntry;

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

/**
 * What a failed read means: the archive's own fault (422), unless the store or disk failed
 * under it (a bucket unreachable, a disk full), which passes by itself and is answered 503 by the
 * error handler, as for every other request.
 */
function readFailure(error: unknown): Error {
  if (unavailableReason(error)) return error as Error;
  return unreadable(error instanceof Error ? error.message : String(error));
}

/**
 * Bytes read at once from the end of a local archive: the end record and, for all but huge
 * archives, the whole central directory (about 100 bytes a file). Reading the directory record by
 * record from the file costs two reads per file, each a trip through libuv's thread pool, which
 * made the first listing of an 844-file archive take a few hundred milliseconds on a busy machine.
 */
const TAIL_BYTES = 1024 * 1024;
/** Enough for the end record and its longest comment, when the directory is already known. */
const END_RECORD_BYTES = 22 + 0xffff;

/**
 * Bytes `start` to `end` of an open file. Not `fs.createReadStream`: destroying one (as a file read
 * only up to the view limit does) closes its descriptor, which the archive still needs.
 */
function rangeStream(fd: number, start: number, end: number): Readable {
  let position = start;
  return new Readable({
    highWaterMark: 64 * 1024,
    read(size) {
      const length = Math.min(size, end - position);
      if (length <= 0) {
        this.push(null);
        return;
      }
      const buffer = Buffer.allocUnsafe(length);
      fsRead(fd, buffer, 0, length, position, (error, bytesRead) => {
        if (error) return this.destroy(error);
        if (bytesRead === 0) return this.destroy(new Error('unexpected end of the archive'));
        position += bytesRead;
        this.push(bytesRead < length ? buffer.subarray(0, bytesRead) : buffer);
      });
    },
  });
}

/**
 * A local archive for yauzl: reads inside the tail read up front are served from memory,
 * everything else (file data, a directory larger than the tail) from the file.
 */
class TailedFileReader extends yauzl.RandomAccessReader {
  readonly #fd: number;
  readonly #tail: Buffer;
  readonly #tailStart: number;

  constructor(fd: number, size: number, tail: Buffer) {
    super();
    this.#fd = fd;
    this.#tail = tail;
    this.#tailStart = size - tail.length;
  }

  override _readStreamForRange(start: number, end: number): Readable {
    if (start >= this.#tailStart) {
      return Readable.from([this.#tail.subarray(start - this.#tailStart, end - this.#tailStart)]);
    }
    return rangeStream(this.#fd, start, end);
  }

  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (err: Error | null) => void,
  ): void {
    if (position < this.#tailStart) {
      super.read(buffer, offset, length, position, callback);
      return;
    }
    const from = position - this.#tailStart;
    if (from + length > this.#tail.length) {
      process.nextTick(callback, new Error('read past the end of the archive'));
      return;
    }
    this.#tail.copy(buffer, offset, from, from + length);
    // Asynchronous like a file read, so a directory of many records does not grow the stack.
    process.nextTick(callback, null);
  }

  override close(callback: (err: Error | null) => void): void {
    fsClose(this.#fd, (error) => callback(error ?? null));
  }
}

const openFd = promisify(fsOpen);
const fstatFd = promisify(fstat);
const readFd = promisify(fsRead);
const closeFd = promisify(fsClose);

async function openPath(zipPath: string, tailBytes: number): Promise<ZipFile> {
  // A plain descriptor, not a FileHandle: yauzl keeps using it after this function returns, and a
  // FileHandle nobody holds would be closed when garbage collected.
  const fd = await openFd(zipPath, 'r');
  try {
    const { size } = await fstatFd(fd);
    const length = Math.min(size, tailBytes);
    const tail = Buffer.alloc(length);
    await readFd(fd, tail, 0, length, size - length);
    return await yauzl.fromRandomAccessReaderPromise(new TailedFileReader(fd, size, tail), size, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: false,
      validateEntrySizes: false,
    });
  } catch (error) {
    await closeFd(fd);
    throw error;
  }
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

/** Which stored archive: its blob row, storage key, size and the checksum of its bytes. */
export interface ArchiveRef {
  storageFileId: string;
  storageKey: string;
  sizeBytes: number;
  sha256: string;
}

/**
 * How much of an archive a caller will read: `one` file (the file view, a download, one file's
 * diff) or `many` (a whole-version comparison). A remote archive is read by byte ranges for
 * one file, and fetched once, whole, for many.
 */
export type ReadPlan = 'one' | 'many';

/**
 * A remote archive for yauzl, read by byte ranges: opening costs one request for the end record,
 * each file one for its local header and one for its data, whatever the archive's size.
 */
class RangedBlobReader extends yauzl.RandomAccessReader {
  constructor(
    private readonly storage: BlobStore,
    private readonly key: string,
  ) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const out = new PassThrough();
    this.storage.getRange(this.key, start, end).then(
      (body) => {
        if (!body) {
          // Read as a missing file, so the answer is the same 404 as for a local store.
          out.destroy(Object.assign(new Error(`nothing stored under ${this.key}`), { code: 'ENOENT' }));
          return;
        }
        body.once('error', (error) => out.destroy(error));
        // A reader that stops early (a file cut at the view limit) ends the request too.
        out.once('close', () => body.destroy());
        body.pipe(out);
      },
      (error: Error) => out.destroy(error),
    );
    return out;
  }
}

/**
 * Memory kept for checked directories. The largest corpus archive's (844 files) takes about a
 * hundred kilobytes, so this holds a few hundred of the archives people are looking at.
 */
const DIRECTORY_CACHE_BYTES = 32 * 1024 * 1024;
/** What one file's record costs beyond its name: the object and the map's slot. */
const BYTES_PER_FILE = 120;

/**
 * Checked directories by archive, so a process reads each one from the database (or the zip) once:
 * a version's archive never changes (the sha256 in the key keeps a different blob under the same
 * key from being read with it).
 */
const directories = new LRUCache<string, Map<string, StoredFile>>({
  maxSize: DIRECTORY_CACHE_BYTES,
  sizeCalculation: (files) => {
    let bytes = 0;
    for (const file of files.values()) bytes += BYTES_PER_FILE + file.name.length * 2;
    return Math.max(1, bytes);
  },
});
/** Directories being read, so requests arriving together for one archive read it once. */
const reading = new Map<string, Promise<Map<string, StoredFile>>>();

const directoryKey = (ref: ArchiveRef) => `${ref.sha256}:${ref.storageKey}`;

/**
 * Opens the zip where it lies: a local blob by offset from its file; a remote one by byte ranges
 * when one file will be read, else fetched into memory once.
 */
async function openZipOf(
  ctx: AppContext,
  ref: ArchiveRef,
  maxArchiveBytes: number,
  tailBytes: number,
  plan: ReadPlan,
): Promise<ZipFile> {
  const { storageKey } = ref;
  const localPath = ctx.storage.localPath?.(storageKey) ?? null;
  try {
    if (localPath) return await openPath(localPath, tailBytes);
    if (plan === 'one') {
      return await yauzl.fromRandomAccessReaderPromise(new RangedBlobReader(ctx.storage, storageKey), ref.sizeBytes, {
        lazyEntries: true,
        autoClose: false,
        decodeStrings: false,
        validateEntrySizes: false,
      });
    }
    const blob = await ctx.storage.get(storageKey);
    if (!blob) throw notFound('Node version has no archive', `nothing stored under ${storageKey}`);
    return await yauzl.fromBufferPromise(await readWhole(blob.body, maxArchiveBytes), {
      lazyEntries: true,
      decodeStrings: false,
      validateEntrySizes: false,
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw notFound('Node version has no archive', `nothing stored under ${storageKey}`);
    }
    throw readFailure(error);
  }
}

/**
 * Reads the central directory of an opened zip and puts every name through the publishing
 * pipeline's own checks, so the code view never shows an entry the pipeline would have refused.
 */
async function readDirectory(
  zipfile: ZipFile,
  limits: ReturnType<typeof archiveLimitsFromConfig>,
): Promise<ArchiveDirectoryEntry[]> {
  if (zipfile.entryCount > limits.maxEntries) throw unreadable('too many entries');
  const raws = await listEntries(zipfile, limits.maxEntries).catch((error: unknown) => {
    throw readFailure(error);
  });
  const checked = checkEntries(raws, limits);
  if (!checked.ok) throw unreadable(checked.reason);
  return directoryOf(checked.entries);
}

/**
 * The checked directory of an archive: as the pipeline stored it when it validated the archive,
 * or, for an archive stored before directories were kept, read from the zip, checked, and stored
 * for the next process that asks.
 */
async function loadDirectory(ctx: AppContext, ref: ArchiveRef): Promise<Map<string, StoredFile>> {
  const files = (await findArchiveDirectory(ctx.db, ref.storageFileId)) ?? (await readAndKeepDirectory(ctx, ref));
  return new Map(files.map((file) => [file.name, file]));
}

/** Reads and checks the directory of an archive stored before directories were kept, and keeps it. */
async function readAndKeepDirectory(ctx: AppContext, ref: ArchiveRef): Promise<ArchiveDirectoryEntry[]> {
  const limits = archiveLimitsFromConfig(ctx.config.publishing);
  // The whole directory is read record by record: a remote archive is fetched once for it.
  const zipfile = await openZipOf(ctx, ref, limits.maxArchiveBytes, TAIL_BYTES, 'many');
  let files: ArchiveDirectoryEntry[];
  try {
    files = await readDirectory(zipfile, limits);
  } finally {
    zipfile.close();
  }
  await saveArchiveDirectory(ctx.db, ref.storageFileId, files);
  return files;
}

/** The checked files of a stored archive: from this process's cache, the database, or the zip. */
export async function archiveDirectory(ctx: AppContext, ref: ArchiveRef): Promise<Map<string, StoredFile>> {
  const key = directoryKey(ref);
  const cached = directories.get(key);
  if (cached) return cached;
  const pending = reading.get(key);
  if (pending) return pending;
  const read = loadDirectory(ctx, ref);
  reading.set(key, read);
  try {
    const files = await read;
    directories.set(key, files);
    return files;
  } finally {
    reading.delete(key);
  }
}

/**
 * Opens a stored archive for reading files. Opening costs only the zip's end record (yauzl reads
 * no entry until asked); the checked directory locates each file's data.
 */
export async function openStoredArchive(
  ctx: AppContext,
  ref: ArchiveRef,
  plan: ReadPlan = 'one',
): Promise<OpenedArchive> {
  const files = await archiveDirectory(ctx, ref);
  const limits = archiveLimitsFromConfig(ctx.config.publishing);
  const zipfile = await openZipOf(ctx, ref, limits.maxArchiveBytes, END_RECORD_BYTES, plan);
  let open = true;
  const close = () => {
    if (open) zipfile.close();
    open = false;
  };
  return { files, zipfile, close };
}

/**
 * The stored bytes of one file (compressed or not, as `inflate` asks), found through its local
 * header: the directory gives where the header lies, the header how long its name and extra
 * field are.
 */
async function openFileData(archive: OpenedArchive, file: StoredFile, inflate: boolean): Promise<Readable> {
  const locator = Object.assign(new yauzl.Entry(), {
    relativeOffsetOfLocalHeader: file.offset,
    compressedSize: file.compressedSize,
  });
  const { fileDataStart } = await archive.zipfile.readLocalFileHeaderPromise(locator, { minimal: true });
  const decompress = inflate && file.method === 8;
  // The callback form: yauzl 3.4's promise wrapper of this call forwards to `openReadStream`.
  return new Promise((resolve, reject) =>
    archive.zipfile.openReadStreamLowLevel(
      fileDataStart,
      file.compressedSize,
      0,
      file.compressedSize,
      decompress,
      decompress ? file.size : null,
      (error, stream) => (error ? reject(error) : resolve(stream)),
    ),
  );
}

/**
 * Largest compressed file read in one piece and inflated in one call. A stream inflates chunk by
 * chunk on libuv's thread pool, a round trip each; on a busy machine those trips, not the
 * inflating, made most of a 200 KB file's time.
 */
const WHOLE_READ_MAX_BYTES = 4 * 1024 * 1024;

/** A whole file that fits the view: its stored bytes read at once, inflated at once, then checked. */
async function readWholeFile(archive: OpenedArchive, file: StoredFile): Promise<FileBytes> {
  const chunks: Buffer[] = [];
  try {
    const raw = await openFileData(archive, file, false);
    for await (const chunk of raw as AsyncIterable<Buffer>) chunks.push(chunk);
  } catch (error) {
    throw readFailure(error);
  }
  const stored = Buffer.concat(chunks);
  let bytes: Buffer;
  try {
    // The declared size bounds the output: a file that inflates to more is refused, not held in memory.
    bytes = file.method === 0 ? stored : inflateRawSync(stored, { maxOutputLength: Math.max(1, file.size) });
  } catch {
    throw unreadable(`${file.name} does not match its recorded size or checksum`);
  }
  if (bytes.length !== file.size || crc32(bytes) >>> 0 !== file.crc32) {
    throw unreadable(`${file.name} does not match its recorded size or checksum`);
  }
  return { bytes, truncated: false };
}

/**
 * Inflates one file up to `maxBytes`, stopping there: a file over the limit costs only the limit.
 * A file read whole is checked against its declared size and checksum, as publishing does.
 */
export async function readFileStart(archive: OpenedArchive, file: StoredFile, maxBytes: number): Promise<FileBytes> {
  if (file.size <= maxBytes && file.compressedSize <= WHOLE_READ_MAX_BYTES) return readWholeFile(archive, file);
  let stream: Readable;
  try {
    stream = await openFileData(archive, file, true);
  } catch (error) {
    throw readFailure(error);
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
    throw readFailure(error);
  }
  if (!truncated && (size !== file.size || crc >>> 0 !== file.crc32)) {
    throw unreadable(`${file.name} does not match its recorded size or checksum`);
  }
  return { bytes: Buffer.concat(chunks), truncated: truncated || size < file.size };
}

/** Streams one whole file (for downloading it); the archive is closed when the stream ends. */
export async function streamFile(archive: OpenedArchive, file: StoredFile): Promise<Readable> {
  const stream = await openFileData(archive, file, true);
  const close = () => archive.close();
  stream.once('end', close);
  stream.once('close', close);
  stream.once('error', close);
  return stream;
}
