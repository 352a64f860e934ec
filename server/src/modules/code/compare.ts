import { structuredPatch } from 'diff';
import type { AppContext } from '../../context.js';
import { badRequest, withCode } from '../../lib/errors.js';
import type { ReadableVersion } from './service.js';
import { type OpenedArchive, openStoredArchive, readFileStart, type StoredFile } from './stored-zip.js';
import { binaryByName, decodeText, isBinary, lineCount } from './text.js';

/** Largest side of one file that is diffed; a larger file is listed with its sizes only. */
export const DIFF_FILE_LIMIT_BYTES = 512 * 1024;
/** Most bytes inflated for one comparison: past it, further files are listed without their diff. */
export const DIFF_TOTAL_LIMIT_BYTES = 32 * 1024 * 1024;
/**
 * Most edits the diff searches for in one file. Finding a minimal diff costs time in proportion
 * to the edits times the length, so two unrelated files would otherwise take seconds.
 */
const MAX_EDIT_LENGTH = 4000;
/** Lines of unchanged context around each change. */
const CONTEXT_LINES = 3;

export type ChangeStatus = 'added' | 'removed' | 'modified';
/** Why a changed file has no hunks: `shown` has them. */
export type DiffState = 'shown' | 'binary' | 'too_large' | 'too_different' | 'omitted';

export interface Hunk {
  old_start: number;
  old_lines: number;
  new_start: number;
  new_lines: number;
  /** Each line starts with ' ' (context), '-' (removed), '+' (added) or '\' (no newline at end). */
  lines: string[];
}

export interface ChangedFile {
  path: string;
  status: ChangeStatus;
  old_size: number | null;
  new_size: number | null;
  diff: DiffState;
  additions: number | null;
  deletions: number | null;
  hunks: Hunk[];
}

export interface Comparison {
  node_id: string;
  from: string;
  to: string;
  unchanged: number;
  added: number;
  removed: number;
  modified: number;
  additions: number;
  deletions: number;
  files: ChangedFile[];
}

/** `1.0.0...1.1.0` → its two versions; anything else is a 400. */
export function parseRange(range: string): { from: string; to: string } {
  const at = range.indexOf('...');
  const from = at === -1 ? '' : range.slice(0, at);
  const to = at === -1 ? '' : range.slice(at + 3);
  if (!from || !to || to.includes('...')) {
    throw withCode(
      badRequest(`Invalid comparison: ${range}`, 'expected two versions as from...to, e.g. 1.0.0...1.1.0'),
      'code.bad_range',
    );
  }
  return { from, to };
}

function sameContent(a: StoredFile, b: StoredFile): boolean {
  return a.size === b.size && a.crc32 === b.crc32;
}

/** Reads both sides of one changed file within the budget and diffs them line by line. */
async function diffFile(
  path: string,
  before: { archive: OpenedArchive; file: StoredFile } | null,
  after: { archive: OpenedArchive; file: StoredFile } | null,
  budget: { left: number },
): Promise<ChangedFile> {
  const status: ChangeStatus = before === null ? 'added' : after === null ? 'removed' : 'modified';
  const changed: ChangedFile = {
    path,
    status,
    old_size: before?.file.size ?? null,
    new_size: after?.file.size ?? null,
    diff: 'shown',
    additions: null,
    deletions: null,
    hunks: [],
  };
  if (binaryByName(path)) return { ...changed, diff: 'binary' };
  const sizes = (before?.file.size ?? 0) + (after?.file.size ?? 0);
  if ((before?.file.size ?? 0) > DIFF_FILE_LIMIT_BYTES || (after?.file.size ?? 0) > DIFF_FILE_LIMIT_BYTES) {
    return { ...changed, diff: 'too_large' };
  }
  if (sizes > budget.left) return { ...changed, diff: 'omitted' };
  budget.left -= sizes;
  const oldBytes = before ? (await readFileStart(before.archive, before.file, DIFF_FILE_LIMIT_BYTES)).bytes : null;
  const newBytes = after ? (await readFileStart(after.archive, after.file, DIFF_FILE_LIMIT_BYTES)).bytes : null;
  if ((oldBytes && isBinary(path, oldBytes)) || (newBytes && isBinary(path, newBytes))) {
    return { ...changed, diff: 'binary' };
  }
  const oldText = oldBytes ? decodeText(oldBytes, false) : '';
  const newText = newBytes ? decodeText(newBytes, false) : '';
  if (!before) return { ...changed, ...wholeFile(newText, '+'), additions: lineCount(newText), deletions: 0 };
  if (!after) return { ...changed, ...wholeFile(oldText, '-'), additions: 0, deletions: lineCount(oldText) };
  const patch = structuredPatch(path, path, oldText, newText, undefined, undefined, {
    context: CONTEXT_LINES,
    maxEditLength: MAX_EDIT_LENGTH,
  });
  if (!patch) return { ...changed, diff: 'too_different' };
  let additions = 0;
  let deletions = 0;
  const hunks = patch.hunks.map((h) => {
    for (const line of h.lines) {
      if (line.startsWith('+')) additions++;
      else if (line.startsWith('-')) deletions++;
    }
    return {
      old_start: h.oldStart,
      old_lines: h.oldLines,
      new_start: h.newStart,
      new_lines: h.newLines,
      lines: h.lines,
    };
  });
  return { ...changed, additions, deletions, hunks };
}

/** A file added or removed whole, as one hunk (the diff library would build the same, slower). */
function wholeFile(text: string, sign: '+' | '-'): { hunks: Hunk[] } {
  if (text === '') return { hunks: [] };
  const lines = text.split('\n');
  const endsWithNewline = text.endsWith('\n');
  if (endsWithNewline) lines.pop();
  const body = lines.map((line) => `${sign}${line}`);
  if (!endsWithNewline) body.push('\\ No newline at end of file');
  const count = lines.length;
  return {
    hunks: [
      sign === '+'
        ? { old_start: 0, old_lines: 0, new_start: 1, new_lines: count, lines: body }
        : { old_start: 1, old_lines: count, new_start: 0, new_lines: 0, lines: body },
    ],
  };
}

/**
 * What changed from one version to another. Unchanged files are told apart by size and checksum
 * from the central directories, so only changed files are inflated, each at most
 * `DIFF_FILE_LIMIT_BYTES` and all together at most `DIFF_TOTAL_LIMIT_BYTES`. With `onlyPath`, only
 * that file is compared (the web app asks so for a file whose diff was omitted).
 */
export async function compareVersions(
  ctx: AppContext,
  from: ReadableVersion,
  to: ReadableVersion,
  onlyPath?: string,
): Promise<Comparison> {
  // One file's diff reads that file alone; a whole comparison reads many from each archive.
  const plan = onlyPath === undefined ? 'many' : 'one';
  const before = await openStoredArchive(ctx, from, plan);
  try {
    const after = await openStoredArchive(ctx, to, plan);
    try {
      const paths = [...new Set([...before.files.keys(), ...after.files.keys()])].sort((a, b) =>
        a < b ? -1 : a > b ? 1 : 0,
      );
      const budget = { left: DIFF_TOTAL_LIMIT_BYTES };
      const files: ChangedFile[] = [];
      let unchanged = 0;
      for (const path of paths) {
        if (onlyPath !== undefined && path !== onlyPath) continue;
        const a = before.files.get(path);
        const b = after.files.get(path);
        if (a && b && sameContent(a, b)) {
          unchanged++;
          continue;
        }
        files.push(
          await diffFile(path, a ? { archive: before, file: a } : null, b ? { archive: after, file: b } : null, budget),
        );
      }
      const count = (status: ChangeStatus) => files.filter((f) => f.status === status).length;
      return {
        node_id: to.nodeId,
        from: from.version,
        to: to.version,
        unchanged,
        added: count('added'),
        removed: count('removed'),
        modified: count('modified'),
        additions: files.reduce((sum, f) => sum + (f.additions ?? 0), 0),
        deletions: files.reduce((sum, f) => sum + (f.deletions ?? 0), 0),
        files,
      };
    } finally {
      after.close();
    }
  } finally {
    before.close();
  }
}
