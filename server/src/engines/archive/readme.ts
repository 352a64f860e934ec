import type { PackReadme, ReadmeFormat } from './types.js';

/** The most README text stored for a version; a longer one is cut there and marked as cut. */
export const README_MAX_BYTES = 512 * 1024;

/** README file names in order of preference, matched without regard to case. */
const CANDIDATES: { name: string; format: ReadmeFormat }[] = [
  { name: 'readme.md', format: 'markdown' },
  { name: 'readme.markdown', format: 'markdown' },
  { name: 'readme.rst', format: 'rst' },
  { name: 'readme.txt', format: 'text' },
  { name: 'readme', format: 'text' },
];

/**
 * The folder the pack's files start at: the archive root when anything sits there (comfy-cli
 * packs from the repository root, and pyproject.toml is read from there), otherwise the one folder
 * everything is wrapped in (a zip made of the repository folder, or a forge's download).
 */
export function packRoot(names: readonly string[]): string {
  let folder: string | null = null;
  for (const name of names) {
    const slash = name.indexOf('/');
    if (slash === -1) return '';
    const top = name.slice(0, slash + 1);
    if (folder === null) folder = top;
    else if (folder !== top) return '';
  }
  return folder ?? '';
}

/**
 * The archive path of the pack's README, or null. Only the pack root counts: a README in a
 * subfolder (docs, vendored libraries, examples) describes something else.
 */
export function findReadme(names: readonly string[]): string | null {
  const root = packRoot(names);
  const atRoot = new Map<string, string>();
  for (const name of names) {
    if (!name.startsWith(root)) continue;
    const rest = name.slice(root.length);
    if (rest.includes('/')) continue;
    const lower = rest.toLowerCase();
    if (!atRoot.has(lower)) atRoot.set(lower, name);
  }
  for (const candidate of CANDIDATES) {
    const name = atRoot.get(candidate.name);
    if (name) return name;
  }
  return null;
}

function formatOf(name: string): ReadmeFormat {
  const base = name.slice(name.lastIndexOf('/') + 1).toLowerCase();
  return CANDIDATES.find((c) => c.name === base)?.format ?? 'text';
}

/**
 * Bytes cut at the size limit may end inside a UTF-8 sequence: drop that partial character
 * rather than show a replacement mark at the end.
 */
function trimPartialCharacter(bytes: Buffer): Buffer {
  let end = bytes.length;
  let back = 0;
  while (back < 4 && end - back - 1 >= 0 && ((bytes[end - back - 1] ?? 0) & 0xc0) === 0x80) back++;
  const leadIndex = end - back - 1;
  if (leadIndex < 0) return bytes;
  const lead = bytes[leadIndex] ?? 0;
  const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  if (length > back + 1) end = leadIndex;
  return bytes.subarray(0, end);
}

/**
 * The README as stored with a version, from the first bytes the archive reader kept. A file with
 * NUL bytes is not text (a README that is really an image or an archive) and counts as no
 * README; bytes that are not valid UTF-8 are shown as U+FFFD instead of failing anything.
 */
export function readmeFromBytes(name: string, size: number, kept: Buffer): PackReadme | null {
  const truncated = size > README_MAX_BYTES;
  const bytes = truncated ? trimPartialCharacter(kept.subarray(0, README_MAX_BYTES)) : kept;
  if (bytes.includes(0)) return null;
  // A byte-order mark is not part of the text.
  const content = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false }).decode(bytes);
  if (content.trim() === '') return null;
  return {
    fileName: name.slice(name.lastIndexOf('/') + 1),
    format: formatOf(name),
    content,
    sizeBytes: size,
    truncated,
  };
}
