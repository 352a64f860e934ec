import { normalizeVersion } from '../../catalogue/latest-version.js';
import type { ExpectedPackage, PackMetadata } from '../types.js';
import type { ArchiveFile } from '../zip/read-archive.js';
import { readMetadata } from './metadata.js';
import { parsePyproject, stringAt, stringsAt, tableAt } from './parse-toml.js';

/** comfy-cli's pattern for a dynamic version: `__version__ = "x"` or `VERSION = "x"` on its own line. */
const VERSION_LINE = /^\s*(?:__version__|VERSION)\s*=\s*["']([^"']+)["']/m;

/**
 * Finds pyproject.toml at the archive root, checks it describes the package being published
 * and reads its metadata. comfy-cli packs from the repository root without a wrapping folder,
 * so a pyproject.toml only inside a folder means the archive was built some other way.
 */
export function readPyproject(
  files: ArchiveFile[],
  expected: ExpectedPackage,
  maxBytes: number,
): { ok: true; metadata: PackMetadata } | { ok: false; reason: string } {
  const root = files.find((f) => f.name === 'pyproject.toml');
  // Present but too large to be read (only files within the source-file limit are kept).
  if (root && !root.content) {
    return { ok: false, reason: `pyproject.toml is ${root.size} bytes, more than the ${maxBytes}-byte limit` };
  }
  if (!root?.content) {
    const nested = files.find((f) => f.name.endsWith('/pyproject.toml'));
    return {
      ok: false,
      reason: nested
        ? `pyproject.toml must be at the archive root, but it is only at "${nested.name}"; pack from the repository root (comfy node pack)`
        : 'pyproject.toml is missing at the archive root',
    };
  }
  const parsed = parsePyproject(root.content);
  if (!parsed.ok) return parsed;
  const project = tableAt(parsed.table, 'project');
  const name = stringAt(project, 'name').trim();
  if (name === '') return { ok: false, reason: 'pyproject.toml has no [project] name' };
  if (name.toLowerCase() !== expected.name.toLowerCase()) {
    return {
      ok: false,
      reason: `pyproject.toml names the package "${name}", but it is being published as "${expected.name}"`,
    };
  }
  const version = declaredVersion(parsed.table, files);
  if (!version.ok) return version;
  const normalised = normalizeVersion(version.value);
  if (normalised === null) {
    return { ok: false, reason: `pyproject.toml version "${version.value}" is not a valid version` };
  }
  if (normalised !== expected.version) {
    return {
      ok: false,
      reason: `pyproject.toml has version "${version.value}", but version "${expected.version}" is being published`,
    };
  }
  return { ok: true, metadata: readMetadata(parsed.table, name, normalised) };
}

/** The version text: `[project].version`, or the file `[tool.comfy.version].path` names when it is dynamic. */
function declaredVersion(
  table: Record<string, unknown>,
  files: ArchiveFile[],
): { ok: true; value: string } | { ok: false; reason: string } {
  const project = tableAt(table, 'project');
  const value = stringAt(project, 'version').trim();
  if (value !== '') return { ok: true, value };
  if (!stringsAt(project, 'dynamic').includes('version')) {
    return { ok: false, reason: 'pyproject.toml has no [project] version' };
  }
  const path = stringAt(tableAt(tableAt(tableAt(table, 'tool'), 'comfy'), 'version'), 'path').replace(/^\.?\/+/, '');
  if (path === '')
    return { ok: false, reason: 'pyproject.toml declares a dynamic version but no [tool.comfy.version] path' };
  const file = files.find((f) => f.name === path);
  if (!file?.content)
    return { ok: false, reason: `the version file "${path}" named in pyproject.toml is not in the archive` };
  const match = VERSION_LINE.exec(file.content.toString('utf8'));
  if (!match?.[1]) return { ok: false, reason: `no __version__ or VERSION line was found in "${path}"` };
  return { ok: true, value: match[1] };
}
