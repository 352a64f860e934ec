/**
 * Python requirements of a pack: what pip would be asked to install.
 *
 * Contract: `readPackRequirements(read, dependencies, pyprojectText)` reads the archive's root
 * `requirements.txt` (following `-r`/`-c` includes inside the archive, relative to the including
 * file, each file once) and `[project].dependencies` of `pyproject.toml`, and returns a
 * `PackRequirements`: `requirements` (one entry per requirement, in file order, requirements.txt
 * first: `name` normalised per PEP 503, `specifier` as a comma-joined PEP 440 list, `extras`,
 * `markers` as written, `url` for direct references and bare URLs/paths, `editable`,
 * `constraint` for entries of `-c` files, and `sourceFile`/`line`/`text` saying where it was
 * written), `options` (pip options such as `--extra-index-url`, `--find-links`, remote `-r URL`),
 * and `problems` (lines pip could not read, includes missing from the archive). It never throws
 * on bad input and never touches the network. PEP 508 parsing is pip-requirements-js's grammar.
 * The list is stored per version (table `node_version_requirements`, see
 * `pipeline/requirements-rows.ts`) and `listVersionRequirements` reads it back.
 */
import { readProjectDependencies, readRequirementsFile } from './requirements-file.js';
import type { PackRequirements } from './types.js';

export { nameFromUrl, normalizeName } from './names.js';
export { parsePep508 } from './pep508.js';
export type {
  PackRequirements,
  PythonRequirement,
  RequirementOption,
  RequirementProblem,
  RequirementSource,
} from './types.js';

/** The requirements file ComfyUI-Manager installs from, at the pack root. */
export const REQUIREMENTS_FILE = 'requirements.txt';

/**
 * Reads a pack's Python requirements. `read` gives the text of an archive path (null when the
 * archive has no such file); `dependencies` is `[project].dependencies` as written and
 * `pyprojectText` the file's text (only used to find each entry's line).
 */
export function readPackRequirements(
  read: (path: string) => string | null,
  dependencies: string[] = [],
  pyprojectText = '',
): PackRequirements {
  const out: PackRequirements = { requirements: [], options: [], problems: [], files: [] };
  readRequirementsFile(REQUIREMENTS_FILE, read, out);
  readProjectDependencies(dependencies, pyprojectText, out);
  return out;
}
