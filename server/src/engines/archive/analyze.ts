import { readPyproject } from './pyproject/read-pyproject.js';
import { extractNodes } from './python/extract.js';
import { Interpreter } from './python/interpreter.js';
import { decodeSource, pythonParser } from './python/parser.js';
import { PackProgram } from './python/program.js';
import { findReadme, README_MAX_BYTES, readmeFromBytes } from './readme.js';
import { readPackRequirements } from './requirements/index.js';
import { DEFAULT_ALLOWED_INDEX_HOSTS, scanDependencies } from './scan/dependencies.js';
import { scanArchive } from './scan/index.js';
import type { AnalyzeArchive, ArchiveLimits } from './types.js';
import { type KeepFile, readArchive } from './zip/read-archive.js';

/** Text files read for the scanner's marker rules besides Python sources (scripts, web code, requirements). */
const TEXT_FILE = /\.(py|pyw|js|mjs|cjs|ts|sh|bash|bat|cmd|ps1|txt|in|cfg|ini|toml)$/i;
/** Small files whose name mentions "version", kept in case pyproject.toml reads its version from one. */
const VERSION_FILE = /(^|\/)[^/]*version[^/]*$/i;
const VERSION_FILE_MAX_BYTES = 64 * 1024;

function keepFiles(limits: ArchiveLimits): KeepFile {
  return (name, size) =>
    (TEXT_FILE.test(name) && size <= limits.maxSourceFileBytes) ||
    (VERSION_FILE.test(name) && size <= VERSION_FILE_MAX_BYTES);
}

/**
 * Steps 1-4 of the archive pipeline: validate the zip, read pyproject.toml, extract node
 * definitions and scan for dangerous code; the README at the pack root comes along for the page. Reads the zip in place and never runs anything from it.
 */
export const analyzeArchive: AnalyzeArchive = async (zipPath, expected, limits) => {
  const read = await readArchive(zipPath, limits, keepFiles(limits), { pick: findReadme, maxBytes: README_MAX_BYTES });
  if (!read.ok) return read;
  const { files, entryCount, uncompressedBytes, excerpt, directory } = read.contents;
  const pyproject = readPyproject(files, expected, limits.maxSourceFileBytes);
  if (!pyproject.ok) return pyproject;
  const texts = new Map<string, string>();
  const sources = new Map<string, string>();
  for (const file of files) {
    if (!file.content || !TEXT_FILE.test(file.name)) continue;
    const text = decodeSource(file.content);
    texts.set(file.name, text);
    if (file.name.endsWith('.py')) sources.set(file.name, text);
  }
  const requirements = readPackRequirements(
    (path) => texts.get(path) ?? null,
    pyproject.dependencies,
    texts.get('pyproject.toml') ?? '',
  );
  const program = new PackProgram(await pythonParser(), sources, (view) => new Interpreter(view));
  try {
    const extraction = extractNodes(program);
    const findings = [
      ...scanArchive(program, files, texts, limits),
      ...scanDependencies(requirements, {
        repository: pyproject.metadata.repository,
        allowedIndexHosts: limits.allowedIndexHosts ?? DEFAULT_ALLOWED_INDEX_HOSTS,
      }),
    ];
    return {
      ok: true,
      metadata: pyproject.metadata,
      comfyNodes: extraction.nodes,
      extract: { status: extraction.status, reason: extraction.reason },
      findings,
      requirements,
      readme: excerpt ? readmeFromBytes(excerpt.name, excerpt.size, excerpt.head) : null,
      stats: {
        entries: entryCount,
        uncompressedBytes,
        pythonFiles: files.filter((f) => f.name.endsWith('.py')).length,
      },
      directory,
    };
  } finally {
    program.dispose();
  }
};
