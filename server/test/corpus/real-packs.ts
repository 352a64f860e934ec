/**
 * The real-pack corpus (`../shared/corpus/real-packs/`, read in place, never copied): its
 * manifest, and each archive run once through the real analyser in worker threads, in parallel.
 * Packs without a usable `pyproject.toml` (no file, or no `[project].name`/`version`) get one
 * written into a temporary copy of their zip, as the corpus README asks; everything else is the
 * archive as comfy-cli built it.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { parsePyproject, stringAt, tableAt } from '../../src/engines/archive/pyproject/parse-toml.js';
import type { ArchiveAnalysis, ArchiveLimits, ExpectedPackage } from '../../src/engines/archive/types.js';
import { normalizeVersion } from '../../src/modules/catalogue/latest-version.js';
import { AnalyserPool } from '../../src/modules/pipeline/analyser-pool.js';

/** The corpus folder: `shared/` sits beside the repository (in CI too). */
export const REAL_PACKS = join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'corpus', 'real-packs');

/** The manifest fields the tests read. */
export interface RealPack {
  id: string;
  repo: string;
  archive: string;
  files: number;
  has_pyproject: boolean;
  pyproject_name: string | null;
  manager_classes: string[];
  why: string;
}

/** The manifest; throws a clear error when the corpus is not beside the repository. */
export function realPacks(): RealPack[] {
  const manifest = join(REAL_PACKS, 'manifest.json');
  if (!existsSync(manifest)) {
    throw new Error(`the real-pack corpus is missing: expected ${manifest} (shared/ beside the repository)`);
  }
  return JSON.parse(readFileSync(manifest, 'utf8')) as RealPack[];
}

/** Limits as a default registry sets them, with room for the corpus's largest pack (844 files). */
export const corpusLimits: ArchiveLimits = {
  maxArchiveBytes: 50 * 1024 * 1024,
  maxEntries: 5000,
  maxUncompressedBytes: 500 * 1024 * 1024,
  maxCompressionRatio: 200,
  maxSourceFileBytes: 4 * 1024 * 1024,
  maxSourceBytes: 64 * 1024 * 1024,
  maxTextBytes: 128 * 1024 * 1024,
};

/** The zip to analyse and what to expect of it; a temporary copy when the pyproject had to be written. */
function prepare(pack: RealPack, scratch: string): { zipPath: string; expected: ExpectedPackage } {
  const zipPath = join(REAL_PACKS, pack.archive);
  const bytes = readFileSync(zipPath);
  const entries = unzipSync(bytes, { filter: (f) => f.name === 'pyproject.toml' });
  const pyproject = entries['pyproject.toml'];
  if (pyproject) {
    const parsed = parsePyproject(Buffer.from(pyproject));
    if (parsed.ok) {
      const project = tableAt(parsed.table, 'project');
      const name = stringAt(project, 'name').trim();
      const version = normalizeVersion(stringAt(project, 'version'));
      if (name && version) return { zipPath, expected: { name, version } };
    }
  }
  const all = unzipSync(bytes);
  all['pyproject.toml'] = new TextEncoder().encode(`[project]\nname = "${pack.id}"\nversion = "0.0.1"\n`);
  const copy = join(scratch, pack.archive);
  writeFileSync(copy, zipSync(all));
  return { zipPath: copy, expected: { name: pack.id, version: '0.0.1' } };
}

/**
 * Analyses every archive of the corpus once, in worker threads (one per core), and returns the
 * analyses by pack id. An analysis that fails to run rejects the whole call with the pack named.
 */
export async function analyseRealPacks(
  packs: RealPack[] = realPacks(),
  threads = Math.max(1, availableParallelism()),
): Promise<Map<string, ArchiveAnalysis>> {
  const scratch = mkdtempSync(join(tmpdir(), 'real-packs-'));
  const pool = new AnalyserPool({ size: threads, timeoutMs: 600_000 });
  try {
    const results = await Promise.all(
      packs.map(async (pack) => {
        const { zipPath, expected } = prepare(pack, scratch);
        try {
          return [pack.id, await pool.analyze(zipPath, expected, corpusLimits)] as const;
        } catch (error) {
          throw new Error(`${pack.id}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }),
    );
    return new Map(results);
  } finally {
    await pool.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}
