import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import type { Entry, ZipFile } from 'yauzl';
import { rejected } from '../rejections.js';

/** How many leading bytes of every file are kept for recognising executables by their magic. */
export const HEAD_BYTES = 64;

/** What inflating one entry found. */
export type EntryRead =
  | { ok: true; size: number; head: Buffer; content: Buffer | null; start?: Buffer }
  | { ok: false; reason: string };

/** Stops inflating an entry once it passes either bound. */
export interface ReadBounds {
  /** Bytes this entry may still add to the archive's total. */
  remainingTotal: number;
  /** The reason given when `remainingTotal` is passed. */
  overTotalReason: string;
  /** Keep the full content in memory (only for files the analyser reads). */
  keep: boolean;
  /** Keep this many bytes from the start of a file not kept whole, returned as `start`. */
  keepStart?: number;
}

function openStream(zipfile: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zipfile.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream)));
  });
}

/**
 * Inflates one entry, counting the real bytes as they come out: a header may lie about the size,
 * so the declared size is a bound to enforce, not a fact. The checksum is verified too, which
 * catches truncated and corrupted archives that still have a readable directory.
 */
export async function readEntry(zipfile: ZipFile, entry: Entry, name: string, bounds: ReadBounds): Promise<EntryRead> {
  let stream: Readable;
  try {
    stream = await openStream(zipfile, entry);
  } catch (error) {
    return rejected('archive.entry_unreadable', { entry: name, detail: (error as Error).message });
  }
  const chunks: Buffer[] = [];
  const start: Buffer[] = [];
  let startLength = 0;
  const startLimit = bounds.keepStart ?? 0;
  const head: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  let crc = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > entry.uncompressedSize) {
        stream.destroy();
        return rejected('archive.entry_larger_than_declared', { entry: name, declared: entry.uncompressedSize });
      }
      if (size > bounds.remainingTotal) {
        stream.destroy();
        return { ok: false, reason: bounds.overTotalReason };
      }
      crc = crc32(chunk, crc);
      if (headLength < HEAD_BYTES) {
        head.push(chunk.subarray(0, HEAD_BYTES - headLength));
        headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
      }
      if (bounds.keep) chunks.push(chunk);
      else if (startLength < startLimit) {
        const part = chunk.subarray(0, startLimit - startLength);
        start.push(part);
        startLength += part.length;
      }
    }
  } catch (error) {
    return rejected('archive.entry_damaged', { entry: name, detail: (error as Error).message });
  }
  if (size !== entry.uncompressedSize) {
    return rejected('archive.entry_truncated', { entry: name, size, declared: entry.uncompressedSize });
  }
  if (crc >>> 0 !== entry.crc32 >>> 0) return rejected('archive.entry_checksum', { entry: name });
  const content = bounds.keep ? Buffer.concat(chunks) : null;
  if (startLimit > 0) return { ok: true, size, head: Buffer.concat(head), content, start: Buffer.concat(start) };
  return { ok: true, size, head: Buffer.concat(head), content };
}
