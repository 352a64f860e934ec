import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cycles, importedPaths, sourceFiles } from '../helpers/source-files.js';

/**
 * The engines under `server/src/engines/` are the generic machinery the domains run on: the
 * archive analyser (zip reading, pyproject.toml, the static Python reader, the scanner), the
 * search index, the answer cache, the job queue, blob storage and mail. They know no pack rules,
 * so a domain module may import an engine but nothing under `engines/` imports `modules/` or the
 * composition root (`context.ts`): only engines, `lib/`, `db/` and `config/`. That keeps each one
 * readable and testable alone, and replaceable.
 *
 * Inside an engine no two files import each other, directly or around a loop: the Python
 * evaluator's program, interpreter and import resolution once did, so none of the three could be
 * read or tested alone (the program now receives its interpreter from the caller).
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
const ENGINES = join(SRC, 'engines');

/** Why an import of `target` from under `engines/` breaks the rule, or null when it is allowed. */
function forbidden(target: string): string | null {
  const inSrc = relative(SRC, target).split(sep);
  if (inSrc[0] === 'modules') return `imports the module ${inSrc[1]}`;
  if (inSrc[0] === 'context.ts' || inSrc[0] === 'context.js') return 'imports the composition root';
  return null;
}

describe('engine imports', () => {
  it('never reach a domain module or the context', () => {
    const engines = readdirSync(ENGINES, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(engines.map((entry) => entry.name)).toEqual(
      expect.arrayContaining(['answer-cache', 'archive', 'jobs', 'mail', 'search-index', 'storage']),
    );
    const offenders = sourceFiles(ENGINES).flatMap((file) =>
      importedPaths(readFileSync(file, 'utf8')).flatMap((spec) => {
        const why = forbidden(resolve(dirname(file), spec));
        return why ? [`${relative(ENGINES, file)}: ${why} (${spec})`] : [];
      }),
    );
    expect(offenders).toEqual([]);
  });

  it('has no file that imports another which imports it back, directly or around a loop', () => {
    const graph = new Map<string, Map<string, string>>();
    for (const file of sourceFiles(ENGINES)) {
      const arrows = new Map<string, string>();
      for (const spec of importedPaths(readFileSync(file, 'utf8'))) {
        const target = relative(ENGINES, resolve(dirname(file), spec)).replace(/\.js$/, '.ts');
        arrows.set(target, target);
      }
      graph.set(relative(ENGINES, file), arrows);
    }
    expect(graph.has(join('archive', 'python', 'program.ts'))).toBe(true);
    expect(cycles(graph)).toEqual([]);
  });

  it('tells a domain import from an allowed one', () => {
    expect(forbidden(join(ENGINES, 'archive/zip/read-entry.js'))).toBeNull();
    expect(forbidden(join(ENGINES, 'search-index/text/fold.js'))).toBeNull();
    expect(forbidden(join(SRC, 'lib/versions.js'))).toBeNull();
    expect(forbidden(join(SRC, 'modules/catalogue/wire.js'))).toBe('imports the module catalogue');
    expect(forbidden(join(SRC, 'context.js'))).toBe('imports the composition root');
  });
});
