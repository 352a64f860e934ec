import { normalizeVersion } from '../../../lib/versions.js';
import { rejected } from '../rejections.js';
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
): { ok: true; metadata: PackMetadata; dependencies: string[] } | { ok: false; reason: string } {
  const root = files.find((f) => f.name === 'pyproject.toml');
  // Present but too large to be read (only files within the source-file limit are kept).
  if (root && !root.content) {
    return rejected('archive.pyproject_too_large', { size: root.size, limit: maxBytes });
  }
  if (!root?.content) {
    const nested = files.find((f) => f.name.endsWith('/pyproject.toml'));
    return nested ? rejected('archive.pyproject_nested', { path: nested.name }) : rejected('archive.pyproject_missing');
  }
  const parsed = parsePyproject(root.content);
  if (!parsed.ok) return parsed;
  const project = tableAt(parsed.table, 'project');
  const name = stringAt(project, 'name').trim();
  if (name === '') return rejected('archive.pyproject_field_missing', { field: 'project.name' });
  if (name.toLowerCase() !== expected.name.toLowerCase()) {
    return rejected('archive.other_node', { declared: name, nodeId: expected.name });
  }
  const version = declaredVersion(parsed.table, files);
  if (!version.ok) return version;
  const normalised = normalizeVersion(version.value);
  if (normalised === null) {
    return rejected('archive.bad_version', { version: version.value });
  }
  if (normalised !== expected.version) {
    return rejected('archive.other_version', { declared: version.value, version: expected.version });
  }
  return {
    ok: true,
    metadata: readMetadata(parsed.table, name, normalised),
    dependencies: stringsAt(project, 'dependencies'),
  };
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
    return rejected('archive.pyproject_field_missing', { field: 'project.version' });
  }
  const path = stringAt(tableAt(tableAt(tableAt(table, 'tool'), 'comfy'), 'version'), 'path').replace(/^\.?\/+/, '');
  if (path === '') return rejected('archive.version_path_missing');
  const file = files.find((f) => f.name === path);
  if (!file?.content) return rejected('archive.version_file_missing', { path });
  const match = VERSION_LINE.exec(file.content.toString('utf8'));
  if (!match?.[1]) return rejected('archive.version_line_missing', { path });
  return { ok: true, value: match[1] };
}
