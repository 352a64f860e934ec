/// <reference lib="es2024.arraybuffer" />
import { createHash } from 'node:crypto';
import { writeSync } from 'node:fs';
import { open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type IndexImage, sharePackStrings } from './catalogue-index.js';
import type { StoredPack } from './stored-pack.js';

/**
 * A saved search index (`CatalogueIndex.image`). At 100k packs the file is about 120 MB and
 * reads back in about a second, where indexing the catalogue again from the database takes ten.
 *
 *   bytes 0-3   header length, unsigned big-endian
 *   then        the header, UTF-8 JSON (`IndexFileHeader`, with the byte length of each section),
 *               padded with spaces
 *   arrays      every part of the image but the packs and terms: an outline, then the typed
 *               arrays' bytes (see `writeArraysSection`)
 *   terms       the sorted terms, UTF-8, one per line (terms are letters and digits)
 *   packs       the packs by slot, one JSON value per line (null for a dead slot)
 *
 * Nothing is in V8's serialisation format: it rebuilds strings and objects one by one, several
 * times slower than `JSON.parse` and `split`, and writing it copies every typed array into one
 * buffer first. Packs are parsed line by line so that what
 * a read leaves behind is short-lived; one 50 MB string of them stayed in the heap for minutes
 * after a start (about 180 MiB more resident than a start that indexed the database).
 */

/** Changes whenever the layout of this file or of `IndexImage` does. */
const FORMAT = 2;

/** What a saved index holds, checked before its image is read. */
export interface IndexFileHeader {
  format: number;
  /** `codeFingerprint()` of the build that wrote it: another build may index differently. */
  code: string;
  catalogue: CatalogueMark;
  /** Byte lengths of the sections after the header. */
  sections: { arrays: number; terms: number; packs: number };
}

/**
 * Which catalogue, and how far: every change up to `watermark` of the change feed is in the
 * index. `watermarkAt` (that change's time) and `migrations` tell this database from another
 * one, or from the same one restored from a backup or changed by a migration.
 */
export interface CatalogueMark {
  watermark: number;
  watermarkAt: string;
  migrations: string;
}

export interface IndexFile {
  header: IndexFileHeader;
  /** Reads the image and lets go of the file's bytes; call once, when the header fits. */
  image(): IndexImage;
  /** Lets go of the file's bytes without reading the image. */
  discard(): void;
}

type ArraysSection = Omit<IndexImage, 'packs' | 'terms'>;

/** Packs are turned into text and written this many bytes at a time. */
const PACKS_CHUNK_BYTES = 256 * 1024;

/** The typed arrays an image holds, by name, as the arrays section records them. */
const ARRAY_TYPES = { Uint8Array, Int32Array, Float64Array } as const;
type ArrayTypeName = keyof typeof ARRAY_TYPES;
type ImageArray = InstanceType<(typeof ARRAY_TYPES)[ArrayTypeName]>;

/** Where the arrays section's outline says a typed array's bytes are. */
interface ArrayPlace {
  array: ArrayTypeName;
  /** Byte offset from the end of the outline. */
  at: number;
  length: number;
}

/**
 * Writes the index beside its final name, then renames it: a reader never sees half a file.
 * `takeImage` is called once the file is open, and its typed arrays (views of the live index,
 * see `CatalogueIndex.image`) are written from where they are, synchronously, before the index
 * can change; packs then go out a chunk at a time. A save, also made while serving right after
 * the first build, so never holds a copy of the index: building the file in memory, then a copy
 * of the arrays in V8's format, left a running server at 100k packs 25-230 MiB larger.
 */
export async function writeIndexFile(
  file: string,
  catalogue: CatalogueMark,
  takeImage: () => IndexImage,
): Promise<void> {
  const temporary = `${file}.${process.pid}.partial`;
  const code = await codeFingerprint();
  // The header is written last, at the start, once the sections' lengths are known: room for it
  // is kept as long as its JSON would be with the longest lengths (the rest is padded with spaces).
  const headerOf = (sections: IndexFileHeader['sections']): IndexFileHeader => ({
    format: FORMAT,
    code,
    catalogue,
    sections,
  });
  const longest = Number.MAX_SAFE_INTEGER;
  const headerRoom = Buffer.byteLength(JSON.stringify(headerOf({ arrays: longest, terms: longest, packs: longest })));
  await removeAbandonedCopies(file);
  const output = await open(temporary, 'w');
  try {
    const { packs, terms, ...rest } = takeImage();
    let at = 4 + headerRoom;
    const putNow = (bytes: Uint8Array) => {
      writeSync(output.fd, bytes, 0, bytes.length, at);
      at += bytes.length;
      return bytes.length;
    };
    const arrays = writeArraysSection(rest satisfies ArraysSection, putNow);
    const termsLength = putNow(Buffer.from(terms.join('\n')));
    const put = async (bytes: Buffer) => {
      await output.write(bytes, 0, bytes.length, at);
      at += bytes.length;
      return bytes.length;
    };
    let packBytes = 0;
    let lines: string[] = [];
    let pending = 0;
    for (let slot = 0; slot < packs.length; slot++) {
      const line = JSON.stringify(packs[slot]);
      lines.push(slot === 0 ? line : `\n${line}`);
      pending += line.length;
      if (pending >= PACKS_CHUNK_BYTES || slot === packs.length - 1) {
        packBytes += await put(Buffer.from(lines.join('')));
        lines = [];
        pending = 0;
      }
    }
    const start = Buffer.alloc(4 + headerRoom, ' ');
    start.writeUInt32BE(headerRoom, 0);
    start.write(JSON.stringify(headerOf({ arrays, terms: termsLength, packs: packBytes })), 4);
    await output.write(start, 0, start.length, 0);
    await output.close();
    await rename(temporary, file);
  } finally {
    await output.close().catch(() => undefined);
    await rm(temporary, { force: true });
  }
}

/**
 * The arrays section: its outline (the image's plain data, each typed array replaced by its
 * `ArrayPlace`) as 4-byte length and JSON, then every array's bytes as they are in memory
 * (the platform's byte order: a saved index is read back on the machine that wrote it).
 * Returns the section's length.
 */
function writeArraysSection(section: ArraysSection, put: (bytes: Uint8Array) => number): number {
  const arrays: ImageArray[] = [];
  let at = 0;
  const outline = JSON.stringify(section, (_key, value: unknown) => {
    if (!ArrayBuffer.isView(value)) return value;
    const array = value as ImageArray;
    const place: ArrayPlace = { array: arrayTypeName(array), at, length: array.length };
    arrays.push(array);
    at += array.byteLength;
    return place;
  });
  const outlineBytes = Buffer.from(outline);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(outlineBytes.length);
  let written = put(length) + put(outlineBytes);
  for (const array of arrays) written += put(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
  return written;
}

function arrayTypeName(array: ImageArray): ArrayTypeName {
  for (const name of Object.keys(ARRAY_TYPES) as ArrayTypeName[]) if (array instanceof ARRAY_TYPES[name]) return name;
  throw new Error(`the search index holds an array of an unexpected type (${array.constructor.name})`);
}

/** The arrays section read back: each typed array a copy of its bytes, not a view of the file's. */
function readArraysSection(bytes: Buffer): ArraysSection {
  // The arrays' bytes start where the outline ends.
  const outlineEnd = 4 + bytes.readUInt32BE(0);
  return JSON.parse(bytes.toString('utf8', 4, outlineEnd), (_key, value: unknown) => {
    if (!isArrayPlace(value)) return value;
    const type = ARRAY_TYPES[value.array];
    const array = new type(value.length);
    const from = outlineEnd + value.at;
    new Uint8Array(array.buffer).set(bytes.subarray(from, from + array.byteLength));
    return array;
  }) as ArraysSection;
}

function isArrayPlace(value: unknown): value is ArrayPlace {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ArrayPlace).array === 'string' &&
    Object.hasOwn(ARRAY_TYPES, (value as ArrayPlace).array) &&
    Number.isInteger((value as ArrayPlace).at) &&
    Number.isInteger((value as ArrayPlace).length)
  );
}

/**
 * Removes half-written copies of `file` left by processes that died while saving (killed, out of
 * memory): each is as large as the index, and no later save would reuse its name. Copies of
 * processes still running (other workers of a cluster, saving at the same moment) are theirs.
 */
async function removeAbandonedCopies(file: string): Promise<void> {
  const directory = path.dirname(file);
  // `search-index.bin.<pid>.partial`, as `writeIndexFile` names its copy.
  const before = `${path.basename(file)}.`;
  const after = '.partial';
  let names: string[];
  try {
    names = await readdir(directory);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(before) || !name.endsWith(after)) continue;
    const pidText = name.slice(before.length, -after.length);
    const pid = Number(pidText);
    if (!/^\d+$/.test(pidText) || pid === process.pid || isRunning(pid)) continue;
    await rm(path.join(directory, name), { force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The saved index, or null when there is none; throws on a damaged file. */
export async function readIndexFile(file: string): Promise<IndexFile | null> {
  const bytes = await readReleasable(file);
  if (!bytes) return null;
  let header: IndexFileHeader;
  try {
    const headerEnd = 4 + (bytes.length >= 4 ? bytes.readUInt32BE(0) : 0);
    if (bytes.length < 4 || headerEnd > bytes.length) throw new Error(`${file} is truncated`);
    header = JSON.parse(bytes.toString('utf8', 4, headerEnd)) as IndexFileHeader;
    const { arrays, terms, packs } = header.sections ?? {};
    if (headerEnd + Number(arrays) + Number(terms) + Number(packs) !== bytes.length) {
      throw new Error(`${file} does not have the length its header gives`);
    }
  } catch (error) {
    release(bytes);
    throw error;
  }
  const image = () => {
    try {
      return decode(bytes, bytes.readUInt32BE(0) + 4, header.sections);
    } finally {
      release(bytes);
    }
  };
  return { header, image, discard: () => release(bytes) };
}

function decode(bytes: Buffer, from: number, sections: IndexFileHeader['sections']): IndexImage {
  const termsAt = from + sections.arrays;
  const packsAt = termsAt + sections.terms;
  const rest = readArraysSection(bytes.subarray(from, termsAt));
  const terms = sections.terms === 0 ? [] : bytes.toString('utf8', termsAt, packsAt).split('\n');
  const packs: IndexImage['packs'] = [];
  const share = sharePackStrings();
  const end = packsAt + sections.packs;
  for (let at = packsAt; at < end; ) {
    const lineEnd = bytes.indexOf(10, at);
    const stop = lineEnd < 0 || lineEnd > end ? end : lineEnd;
    const pack = JSON.parse(bytes.toString('utf8', at, stop)) as StoredPack | null;
    if (pack) share(pack);
    packs.push(pack);
    at = stop + 1;
  }
  return { ...rest, terms, packs };
}

/**
 * The file's bytes on a resizable buffer, so `release` can hand them back at once instead of
 * at a full collection; null when there is no file.
 */
async function readReleasable(file: string): Promise<Buffer | null> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    const bytes = Buffer.from(new ArrayBuffer(size, { maxByteLength: Math.max(1, size) }));
    let read = 0;
    while (read < size) {
      const { bytesRead } = await handle.read(bytes, read, size - read, read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    return read === size ? bytes : bytes.subarray(0, read);
  } finally {
    await handle.close();
  }
}

function release(bytes: Buffer): void {
  const buffer = bytes.buffer;
  if (buffer instanceof ArrayBuffer && buffer.resizable) buffer.resize(0);
}

/** Why a saved index cannot stand for the catalogue `current` describes; null when it can. */
export async function mismatch(header: IndexFileHeader, current: CatalogueMark | null): Promise<string | null> {
  if (header.format !== FORMAT) return `it has format ${header.format}, this build reads ${FORMAT}`;
  if (header.code !== (await codeFingerprint())) return 'another build of the search code wrote it';
  if (!current) return 'the database has no change at its position';
  if (current.watermarkAt !== header.catalogue.watermarkAt) return 'the database is not the one it was saved from';
  if (current.migrations !== header.catalogue.migrations) return 'migrations ran since it was saved';
  return null;
}

let fingerprint: Promise<string> | undefined;

/**
 * The code a saved index depends on, as built or as source: this engine, and the search module
 * that reads packs out of the database into documents. Read as files, not imported.
 */
const FINGERPRINTED = ['.', '../../modules/search'];

/**
 * A hash of the search code (see `FINGERPRINTED`): any change to how packs are read, analysed or
 * stored makes saved indexes of other builds unusable.
 */
export function codeFingerprint(): Promise<string> {
  fingerprint ??= (async () => {
    const hash = createHash('sha256');
    for (const folder of FINGERPRINTED) {
      const root = fileURLToPath(new URL(folder, import.meta.url));
      const files = (await readdir(root, { recursive: true })).filter((name) => /\.(ts|js)$/.test(name)).sort();
      for (const name of files) {
        hash.update(name);
        hash.update(await readFile(path.join(root, name)));
      }
    }
    return hash.digest('hex');
  })();
  return fingerprint;
}
