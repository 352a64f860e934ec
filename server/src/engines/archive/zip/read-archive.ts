import { open, stat } from 'node:fs/promises';
import { rejected, rejectionText } from '../rejections.js';
import type { ArchiveDirectoryEntry, ArchiveLimits } from '../types.js';
import { localHeaderProblem } from './local-headers.js';
import { listEntries, openZip, type RawEntry } from './open-zip.js';
import { readEntry } from './read-entry.js';
import { type CheckedEntry, checkEntries, ratioProblem, uncompressedTooLarge } from './validate-entries.js';

/** One file of the archive after it was inflated and checked. */
export interface ArchiveFile {
  /** Path inside the archive, forward slashes, no leading folder added or removed. */
  name: string;
  size: number;
  /** The first bytes, for recognising executables whatever their name. */
  head: Buffer;
  /** The whole content, kept only for files `keep` asked for. */
  content: Buffer | null;
}

/** The first bytes of one file the caller picked from the whole list of names (the README). */
export interface ArchiveExcerpt {
  name: string;
  /** The whole file's size. */
  size: number;
  /** At most `ExcerptRequest.maxBytes` bytes from its start. */
  head: Buffer;
}

/** Everything the later steps need from a valid archive. */
export interface ArchiveContents {
  files: ArchiveFile[];
  entryCount: number;
  uncompressedBytes: number;
  excerpt: ArchiveExcerpt | null;
  /** Every file's directory record, in central-directory order. */
  directory: ArchiveDirectoryEntry[];
}

/** Decides, from name and declared size, which files are kept in memory for reading. */
export type KeepFile = (name: string, size: number) => boolean;

/**
 * Asks for the start of one file chosen once every name is known. Only one file and a bounded
 * number of bytes, so it adds nothing worth budgeting to what the analysis holds in memory.
 */
export interface ExcerptRequest {
  pick: (names: readonly string[]) => string | null;
  maxBytes: number;
}

type Outcome = { ok: true; contents: ArchiveContents } | { ok: false; reason: string };

/**
 * Validates a zip on disk and inflates every file once, in memory, never writing anything out.
 * Every file is inflated (not only the ones read later) because the archive is what users
 * unpack: a bomb or a damaged entry anywhere in it must be caught here.
 */
export async function readArchive(
  zipPath: string,
  limits: ArchiveLimits,
  keep: KeepFile,
  excerpt?: ExcerptRequest,
): Promise<Outcome> {
  const { size } = await stat(zipPath);
  if (size > limits.maxArchiveBytes) {
    return rejected('archive.too_large', { size, limit: limits.maxArchiveBytes });
  }
  let zipfile: Awaited<ReturnType<typeof openZip>>;
  try {
    zipfile = await openZip(zipPath);
  } catch (error) {
    return rejected('archive.unreadable', { detail: (error as Error).message });
  }
  try {
    if (zipfile.entryCount > limits.maxEntries)
      return { ok: false, reason: tooManyEntries(zipfile.entryCount, limits) };
    if (zipfile.entryCount === 0) return rejected('archive.empty');
    let raws: Awaited<ReturnType<typeof listEntries>>;
    try {
      raws = await listEntries(zipfile, limits.maxEntries);
    } catch (error) {
      return rejected('archive.directory_damaged', { detail: (error as Error).message });
    }
    if (raws.length > limits.maxEntries) return { ok: false, reason: tooManyEntries(raws.length, limits) };
    const checked = checkEntries(raws, limits);
    if (!checked.ok) return checked;
    const budget = sourceBudgetProblem(checked.entries, limits, keep);
    if (budget) return { ok: false, reason: budget };
    const mismatch = await firstLocalHeaderProblem(zipPath, raws);
    if (mismatch) return { ok: false, reason: mismatch };
    const excerptName = excerpt?.pick(checked.entries.filter((e) => !e.isDirectory).map((e) => e.name)) ?? null;
    let excerptRead: ArchiveExcerpt | null = null;
    const files: ArchiveFile[] = [];
    let total = 0;
    // Reading in file order keeps disk access sequential.
    const ordered = [...checked.entries].sort(
      (a, b) => a.raw.entry.relativeOffsetOfLocalHeader - b.raw.entry.relativeOffsetOfLocalHeader,
    );
    for (const { raw, name, isDirectory } of ordered) {
      if (isDirectory && raw.entry.uncompressedSize === 0) continue;
      const wanted = !isDirectory && keep(name, raw.entry.uncompressedSize);
      const excerpted = excerpt !== undefined && !isDirectory && name === excerptName;
      const read = await readEntry(zipfile, raw.entry, name, {
        remainingTotal: limits.maxUncompressedBytes - total,
        overTotalReason: uncompressedTooLarge(limits),
        keep: wanted,
        ...(excerpted && !wanted ? { keepStart: excerpt.maxBytes } : {}),
      });
      if (!read.ok) return read;
      if (excerpted) {
        const start = read.content ?? read.start ?? Buffer.alloc(0);
        excerptRead = { name, size: read.size, head: start.subarray(0, excerpt.maxBytes) };
      }
      const ratio = ratioProblem(name, read.size, raw.entry.compressedSize, limits);
      if (ratio) return { ok: false, reason: ratio };
      total += read.size;
      if (!isDirectory) files.push({ name, size: read.size, head: read.head, content: read.content });
    }
    return {
      ok: true,
      contents: {
        files,
        entryCount: raws.length,
        uncompressedBytes: total,
        excerpt: excerptRead,
        directory: directoryOf(checked.entries),
      },
    };
  } finally {
    zipfile.close();
  }
}

/** The files' directory records, for reading them again later without re-checking. */
export function directoryOf(entries: readonly CheckedEntry[]): ArchiveDirectoryEntry[] {
  return entries
    .filter((e) => !e.isDirectory)
    .map(({ name, raw: { entry } }) => ({
      name,
      size: entry.uncompressedSize,
      compressedSize: entry.compressedSize,
      crc32: entry.crc32 >>> 0,
      offset: entry.relativeOffsetOfLocalHeader,
      method: entry.compressionMethod,
    }));
}

/**
 * Refuses, from the declared sizes and before anything is inflated, an archive whose files to
 * read add up past the analysis budget. Inflating checks every entry against its declared size,
 * so the sum here bounds what the parser will be given.
 */
function sourceBudgetProblem(entries: CheckedEntry[], limits: ArchiveLimits, keep: KeepFile): string | null {
  let text = 0;
  let python = 0;
  for (const { raw, name, isDirectory } of entries) {
    if (isDirectory || !keep(name, raw.entry.uncompressedSize)) continue;
    text += raw.entry.uncompressedSize;
    if (name.endsWith('.py')) python += raw.entry.uncompressedSize;
  }
  if (python > limits.maxSourceBytes) {
    return rejectionText('archive.python_too_large', { size: python, limit: limits.maxSourceBytes });
  }
  if (text > limits.maxTextBytes) {
    return rejectionText('archive.text_too_large', { size: text, limit: limits.maxTextBytes });
  }
  return null;
}

async function firstLocalHeaderProblem(zipPath: string, raws: RawEntry[]): Promise<string | null> {
  const file = await open(zipPath, 'r');
  try {
    for (const raw of raws) {
      const problem = await localHeaderProblem(file, raw);
      if (problem) return problem;
    }
    return null;
  } finally {
    await file.close();
  }
}

function tooManyEntries(count: number, limits: ArchiveLimits): string {
  return rejectionText('archive.too_many_entries', { count, limit: limits.maxEntries });
}
