import yauzl, { type Entry, type ZipFile } from 'yauzl';
import {
  parsePyproject,
  stringAt,
  stringsAt,
  type TomlTable,
  tableAt,
} from '../../engines/archive/pyproject/parse-toml.js';
import { readRejection } from '../../engines/archive/rejections.js';

/** Largest pyproject.toml (or version file) read here; real ones are a few kilobytes. */
const MAX_TEXT_BYTES = 1024 * 1024;
/** comfy-cli's dynamic-version line: `__version__ = "x"` or `VERSION = "x"`. */
const VERSION_LINE = /^\s*(?:__version__|VERSION)\s*=\s*["']([^"']+)["']/m;

/**
 * Why an archive's package cannot be told: the English reason, and the stable code and
 * parameters the API answers with (docs/api-errors.md) so clients can say it in their language.
 */
export interface UndeclaredPackage {
  ok: false;
  reason: string;
  code: string;
  params: Record<string, string | number>;
}

/** The package an archive says it is, or why that cannot be told. */
export type DeclaredPackage = { ok: true; name: string; version: string } | UndeclaredPackage;

const refuse = (reason: string, code: string, params: Record<string, string | number> = {}): UndeclaredPackage => ({
  ok: false,
  reason,
  code,
  params,
});

/**
 * Reads only `[project].name` and the version from an archive's root pyproject.toml, so a browser
 * upload knows which version it creates. Everything else (and every safety check) is the
 * analyser's job in the pipeline, which reads the same file again.
 */
export async function readDeclaredPackage(zipPath: string, maxEntries: number): Promise<DeclaredPackage> {
  let zip: ZipFile | undefined;
  try {
    zip = await open(zipPath);
    const entries = await listFiles(zip, maxEntries);
    const pyproject = entries.get('pyproject.toml');
    if (!pyproject) return refuse('pyproject.toml is missing at the archive root', 'archive.pyproject_missing');
    const parsed = parsePyproject(await readText(zip, pyproject));
    if (!parsed.ok) {
      // The same reason the pipeline would store, with its code: not UTF-8, or the TOML error's line and column.
      const coded = readRejection(parsed.reason);
      return refuse(parsed.reason, coded?.code ?? 'archive.pyproject_invalid', coded?.params ?? {});
    }
    const project = tableAt(parsed.table, 'project');
    const name = stringAt(project, 'name').trim();
    if (!name) {
      return refuse('pyproject.toml has no [project] name', 'archive.pyproject_field_missing', {
        field: 'project.name',
      });
    }
    const version = await declaredVersion(zip, entries, parsed.table);
    return version.ok ? { ok: true, name, version: version.value } : version;
  } catch (error) {
    return refuse(`the archive is not a readable zip file: ${(error as Error).message}`, 'archive.unreadable');
  } finally {
    zip?.close();
  }
}

async function declaredVersion(
  zip: ZipFile,
  entries: Map<string, Entry>,
  table: TomlTable,
): Promise<{ ok: true; value: string } | UndeclaredPackage> {
  const project = tableAt(table, 'project');
  const value = stringAt(project, 'version').trim();
  if (value) return { ok: true, value };
  if (!stringsAt(project, 'dynamic').includes('version')) {
    return refuse('pyproject.toml has no [project] version', 'archive.pyproject_field_missing', {
      field: 'project.version',
    });
  }
  const path = stringAt(tableAt(tableAt(tableAt(table, 'tool'), 'comfy'), 'version'), 'path').replace(/^\.?\/+/, '');
  const entry = path ? entries.get(path) : undefined;
  if (!entry) {
    return refuse(
      'pyproject.toml declares a dynamic version whose file is not in the archive',
      'archive.version_file_missing',
      { path },
    );
  }
  const match = VERSION_LINE.exec((await readText(zip, entry)).toString('utf8'));
  return match?.[1]
    ? { ok: true, value: match[1] }
    : refuse(`no __version__ or VERSION line was found in "${path}"`, 'archive.version_line_missing', { path });
}

function open(zipPath: string): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(zipPath, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    ),
  );
}

/** File entries by name, stopping past `max` so a lying entry count cannot exhaust memory. */
function listFiles(zip: ZipFile, max: number): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const files = new Map<string, Entry>();
    let seen = 0;
    zip.on('entry', (entry: Entry) => {
      if (!entry.fileName.endsWith('/') && !files.has(entry.fileName)) files.set(entry.fileName, entry);
      if (++seen > max) resolve(files);
      else zip.readEntry();
    });
    zip.once('end', () => resolve(files));
    zip.once('error', reject);
    zip.readEntry();
  });
}

function readText(zip: ZipFile, entry: Entry): Promise<Buffer> {
  if (entry.uncompressedSize > MAX_TEXT_BYTES) {
    return Promise.reject(new Error(`${entry.fileName} is larger than ${MAX_TEXT_BYTES} bytes`));
  }
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_TEXT_BYTES) stream.destroy(new Error(`${entry.fileName} is too large`));
        else chunks.push(chunk);
      });
      stream.once('end', () => resolve(Buffer.concat(chunks)));
      stream.once('error', reject);
    });
  });
}
