/// <reference lib="es2024.arraybuffer" />
import { createHash } from 'node:crypto';
import { open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { type IndexImage, sharePackStrings } from './catalogue-index.js';
import type { StoredPack } from './stored-pack.js';

/**
 * A saved search index (`CatalogueIndex.image`). At 100k packs the file is about 120 MB and
 * reads back in about a second, where indexing the catalogue again from the database takes ten.
 *
 *   bytes 0-3   header length, unsigned big-endian
 *   then        the header, UTF-8 JSON (`IndexFileHeader`, with the byte length of each section)
 *   arrays      every part of the image but the packs and terms, `v8.serialize` (typed arrays as bytes)
 *   terms       the sorted terms, UTF-8, one per line (terms are letters and digits)
 *   packs       the packs by slot, one JSON value per line (null for a dead slot)
 *
 * Packs and terms are kept out of V8's format: it rebuilds strings and objects one by one,
 * several times slower than `JSON.parse` and `split`. Packs are parsed line by line so that what
 * a read leaves behind is short-lived; one 50 MB string of them stayed in the heap for minutes
 * after a start (about 180 MiB more resident than a start that indexed the database).
 */

/** Changes whenever the layout of this file or of `IndexImage` does. */
const FORMAT = 1;

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

/** Writes the index beside its final name, then renames it: a reader never sees half a file. */
export async function writeIndexFile(file: string, catalogue: CatalogueMark, image: IndexImage): Promise<void> {
  const { packs, terms, ...rest } = image;
  const arrays = v8.serialize(rest satisfies ArraysSection);
  const termBytes = Buffer.from(terms.join('\n'));
  const packBytes = Buffer.from(packs.map((pack) => JSON.stringify(pack)).join('\n'));
  const header: IndexFileHeader = {
    format: FORMAT,
    code: await codeFingerprint(),
    catalogue,
    sections: { arrays: arrays.length, terms: termBytes.length, packs: packBytes.length },
  };
  const headerBytes = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(headerBytes.length);
  const temporary = `${file}.${process.pid}.partial`;
  try {
    await writeFile(temporary, Buffer.concat([length, headerBytes, arrays, termBytes, packBytes]));
    await rename(temporary, file);
  } finally {
    await rm(temporary, { force: true });
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
  const rest = ownCopies(v8.deserialize(bytes.subarray(from, termsAt))) as ArraysSection;
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
 * The value with each typed array copied: Node's deserialiser makes typed arrays views of the
 * bytes it reads wherever alignment allows, which would keep the whole file's buffer alive (and
 * break when it is released).
 */
function ownCopies(value: unknown): unknown {
  if (ArrayBuffer.isView(value)) return (value as Uint8Array).slice();
  if (Array.isArray(value)) return value.map(ownCopies);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, ownCopies(inner)]));
  }
  return value;
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
 * A hash of the search module's code (this folder's parent, as built or as source): any change to
 * how packs are analysed or stored makes saved indexes of other builds unusable.
 */
export function codeFingerprint(): Promise<string> {
  fingerprint ??= (async () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const files = (await readdir(root, { recursive: true })).filter((name) => /\.(ts|js)$/.test(name)).sort();
    const hash = createHash('sha256');
    for (const name of files) {
      hash.update(name);
      hash.update(await readFile(path.join(root, name)));
    }
    return hash.digest('hex');
  })();
  return fingerprint;
}
