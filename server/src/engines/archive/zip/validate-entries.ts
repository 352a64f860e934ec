import { rejected, rejectionText } from '../rejections.js';
import type { ArchiveLimits } from '../types.js';
import { entryKind } from './entry-kind.js';
import { collisionKey, nameEncodingProblem, unsafeEntryNameReason } from './entry-name.js';
import type { RawEntry } from './open-zip.js';

/** An entry that passed every check that can be made from the central directory. */
export interface CheckedEntry {
  raw: RawEntry;
  name: string;
  isDirectory: boolean;
}

/**
 * Entries smaller than this are never refused for their ratio: a few kilobytes of blank lines
 * compress 100-fold without being a threat, and the total-size limit bounds what they can add.
 */
export const RATIO_FLOOR_BYTES = 1024 * 1024;

const LOCAL_HEADER_BYTES = 30;

/** Checks names, kinds, duplicates and declared sizes; returns the entries or the first reason to refuse. */
export function checkEntries(
  raws: RawEntry[],
  limits: ArchiveLimits,
): { ok: true; entries: CheckedEntry[] } | { ok: false; reason: string } {
  const checked: CheckedEntry[] = [];
  const seen = new Map<string, string>();
  let declaredTotal = 0;
  for (const raw of raws) {
    const { entry, name } = raw;
    const reason =
      nameEncodingProblem(entry.fileNameRaw, name) ??
      unsafeEntryNameReason(name) ??
      unsafeEntryNameReason(raw.headerName);
    if (reason) return { ok: false, reason };
    const kind = entryKind(entry, name);
    if (kind === 'symlink') {
      return rejected('archive.symlink', { entry: name });
    }
    if (kind === 'special') return rejected('archive.special_file', { entry: name });
    if (entry.isEncrypted()) {
      return rejected('archive.encrypted', { entry: name });
    }
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
      return rejected('archive.compression_method', { entry: name, method: entry.compressionMethod });
    }
    const key = collisionKey(name);
    const previous = seen.get(key);
    if (previous !== undefined) {
      const same = previous.replace(/\/$/, '') === name.replace(/\/$/, '');
      return same
        ? rejected('archive.duplicate_entry', { entry: name })
        : rejected('archive.case_collision', { entry: name, other: previous });
    }
    seen.set(key, name);
    declaredTotal += entry.uncompressedSize;
    if (declaredTotal > limits.maxUncompressedBytes) {
      return { ok: false, reason: uncompressedTooLarge(limits) };
    }
    const ratioReason = ratioProblem(name, entry.uncompressedSize, entry.compressedSize, limits);
    if (ratioReason) return { ok: false, reason: ratioReason };
    checked.push({ raw, name, isDirectory: kind === 'directory' });
  }
  return folderConflict(checked) ?? overlapProblem(checked) ?? { ok: true, entries: checked };
}

/** The reason an entry's size ratio marks it as a zip bomb, or null. */
export function ratioProblem(name: string, uncompressed: number, compressed: number, limits: ArchiveLimits) {
  if (uncompressed < RATIO_FLOOR_BYTES) return null;
  const ratio = uncompressed / Math.max(compressed, 1);
  if (ratio <= limits.maxCompressionRatio) return null;
  return rejectionText('archive.compression_ratio', {
    entry: name,
    ratio: Math.round(ratio),
    limit: limits.maxCompressionRatio,
  });
}

/** The reason for a pack that unpacks to more than the limit. */
export function uncompressedTooLarge(limits: ArchiveLimits): string {
  return rejectionText('archive.unpacked_too_large', { limit: limits.maxUncompressedBytes });
}

/** A file named like a folder other entries live in ("a" and "a/b") cannot be unpacked. */
function folderConflict(entries: CheckedEntry[]): { ok: false; reason: string } | null {
  const files = new Set(entries.filter((e) => !e.isDirectory).map((e) => collisionKey(e.name)));
  for (const e of entries) {
    const parts = collisionKey(e.name).split('/');
    for (let i = 1; i < parts.length; i++) {
      const parent = parts.slice(0, i).join('/');
      if (files.has(parent)) {
        return rejected('archive.file_folder_conflict', { entry: e.name });
      }
    }
  }
  return null;
}

/**
 * Entries whose data overlap share compressed bytes: the trick behind the densest zip bombs,
 * where thousands of records inflate the same kernel. Real archivers never write them.
 */
function overlapProblem(entries: CheckedEntry[]): { ok: false; reason: string } | null {
  const sorted = entries
    .map((e) => e.raw.entry)
    .sort((a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader);
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1];
    const next = sorted[i];
    if (!prev || !next) continue;
    const prevEnd = prev.relativeOffsetOfLocalHeader + LOCAL_HEADER_BYTES + prev.fileNameLength + prev.compressedSize;
    if (prevEnd > next.relativeOffsetOfLocalHeader) {
      return rejected('archive.overlapping_entries');
    }
  }
  return null;
}
