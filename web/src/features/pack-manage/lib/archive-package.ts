import { unzipSync } from 'fflate';
import { parse, TomlError } from 'smol-toml';

/** Larger pyproject.toml or version files are not read (real ones are a few kilobytes); the server says the same. */
const MAX_TEXT_BYTES = 1024 * 1024;
/** comfy-cli's dynamic-version line: `__version__ = "x"` or `VERSION = "x"` (as the server reads it). */
const VERSION_LINE = /^\s*(?:__version__|VERSION)\s*=\s*["']([^"']+)["']/m;

/** What a zip says it publishes, or why that cannot be told (each reason worded by the upload panel). */
export type ArchivePackage =
  | { ok: true; name: string; version: string }
  | { ok: false; reason: 'unreadable' | 'noPyproject' | 'invalidToml' | 'noName' | 'noVersion' }
  | { ok: false; reason: 'noVersionFile'; path: string };

type Table = Record<string, unknown>;

const isTable = (value: unknown): value is Table =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const tableAt = (table: Table, key: string): Table => {
  const value = table[key];
  return isTable(value) ? value : {};
};
const stringAt = (table: Table, key: string): string => {
  const value = table[key];
  return typeof value === 'string' ? value.trim() : '';
};

/** One file at the archive's root (or a path inside it), decoded as UTF-8; null when absent or too large. */
function readEntry(zip: Uint8Array, wanted: string): string | null {
  const files = unzipSync(zip, { filter: (entry) => entry.name === wanted && entry.originalSize <= MAX_TEXT_BYTES });
  const bytes = files[wanted];
  return bytes ? new TextDecoder('utf-8', { fatal: true }).decode(bytes) : null;
}

/**
 * Reads `[project].name` and the version from the root pyproject.toml of a zip as comfy-cli
 * builds it, in the browser, so the publish form can fill them in before anything is uploaded.
 * The same rules as the server's reading (server/src/modules/publishing/read-package.ts): a
 * static `[project].version`, or a dynamic one read from the file `[tool.comfy.version].path`
 * names. The server checks again on upload; this only spares the user typing and a failed upload.
 */
export function readArchivePackage(zip: Uint8Array): ArchivePackage {
  let text: string | null;
  try {
    text = readEntry(zip, 'pyproject.toml');
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  if (text === null) return { ok: false, reason: 'noPyproject' };
  let table: Table;
  try {
    table = parse(text);
  } catch (error) {
    if (error instanceof TomlError) return { ok: false, reason: 'invalidToml' };
    throw error;
  }
  const project = tableAt(table, 'project');
  const name = stringAt(project, 'name');
  if (!name) return { ok: false, reason: 'noName' };
  const version = stringAt(project, 'version');
  if (version) return { ok: true, name, version };
  const dynamic = project.dynamic;
  if (!Array.isArray(dynamic) || !dynamic.includes('version')) return { ok: false, reason: 'noVersion' };
  const path = stringAt(tableAt(tableAt(tableAt(table, 'tool'), 'comfy'), 'version'), 'path').replace(/^\.?\/+/, '');
  let versionFile: string | null = null;
  try {
    versionFile = path ? readEntry(zip, path) : null;
  } catch {
    versionFile = null;
  }
  const found = versionFile === null ? undefined : VERSION_LINE.exec(versionFile)?.[1];
  return found ? { ok: true, name, version: found } : { ok: false, reason: 'noVersionFile', path };
}

/** Reads a picked file; loaded with its libraries only once a zip is chosen on a publish screen. */
export async function readArchiveFile(file: Blob): Promise<ArchivePackage> {
  try {
    return readArchivePackage(new Uint8Array(await file.arrayBuffer()));
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}
