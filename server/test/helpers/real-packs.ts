import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { parse } from 'smol-toml';
import { readPackRequirements } from '../../src/engines/archive/requirements/index.js';
import type { PythonRequirementJson } from '../../src/modules/catalogue/wire.js';
import { requirementRows } from '../../src/modules/pipeline/requirements-rows.js';

/** The corpus of real packs, read in place beside the repository. */
export const realPacksDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../shared/corpus/real-packs',
);

export interface RealPack {
  id: string;
  repo: string;
  archive: string;
  manager_classes: string[];
}

/** The corpus manifest; fails loudly when the corpus is not beside the repository. */
export function realPacks(): RealPack[] {
  const file = path.join(realPacksDir, 'manifest.json');
  if (!existsSync(file)) throw new Error(`The real-packs corpus is missing: ${file}`);
  return JSON.parse(readFileSync(file, 'utf8')) as RealPack[];
}

export function realPack(id: string): RealPack {
  const pack = realPacks().find((p) => p.id === id);
  if (!pack) throw new Error(`no pack ${id} in the real-packs corpus`);
  return pack;
}

/** The `[project] dependencies` of a corpus pack's `pyproject.toml` (what a publish stores), [] without one. */
export function pyprojectDependencies(pack: RealPack): string[] {
  const files = unzipSync(readFileSync(path.join(realPacksDir, pack.archive)), {
    filter: (f) => f.name === 'pyproject.toml',
  });
  const bytes = files['pyproject.toml'];
  if (!bytes) return [];
  const toml = parse(new TextDecoder().decode(bytes)) as { project?: { dependencies?: unknown } };
  const deps = toml.project?.dependencies;
  return Array.isArray(deps) ? deps.filter((d): d is string => typeof d === 'string') : [];
}

/**
 * A corpus pack's Python requirements as the publishing pipeline stores them: its
 * `requirements.txt` (with includes) and `[project].dependencies`, read by the archive module.
 */
export function pipelineRequirementRows(pack: RealPack): PythonRequirementJson[] {
  const files = unzipSync(readFileSync(path.join(realPacksDir, pack.archive)));
  const read = (name: string) => {
    const bytes = files[name];
    return bytes ? new TextDecoder().decode(bytes) : null;
  };
  const pyproject = read('pyproject.toml') ?? '';
  return requirementRows(readPackRequirements(read, pyprojectDependencies(pack), pyproject));
}
