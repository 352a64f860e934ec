import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importedPaths, sourceFiles } from '../helpers/source-files.js';

/**
 * The engines are the generic machinery the domains run on: the archive analyser (zip reading,
 * pyproject.toml, the static Python reader, the scanner), the job queue, blob storage and mail.
 * They know no pack rules, so a domain may import an engine but an engine imports no domain
 * module and not the composition root (`context.ts`): only its own folder, `lib/`, `db/` and
 * `config/`. That keeps each one readable and testable alone, and replaceable.
 */
const ENGINES = ['archive', 'jobs', 'storage', 'mail'];

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
const MODULES = join(SRC, 'modules');

/** Why an import of `target` from engine `engine` breaks the rule, or null when it is allowed. */
function forbidden(engine: string, target: string): string | null {
  const inModules = relative(MODULES, target);
  if (!inModules.startsWith('..')) {
    const module = inModules.split(sep)[0];
    return module === engine ? null : `imports the module ${module}`;
  }
  const inSrc = relative(SRC, target).split(sep);
  if (inSrc[0] === 'context.ts' || inSrc[0] === 'context.js') return 'imports the composition root';
  return null;
}

describe('engine imports', () => {
  it('never reach a domain module or the context', () => {
    const offenders = ENGINES.flatMap((engine) =>
      sourceFiles(join(MODULES, engine)).flatMap((file) =>
        importedPaths(readFileSync(file, 'utf8')).flatMap((spec) => {
          const why = forbidden(engine, resolve(dirname(file), spec));
          return why ? [`${relative(MODULES, file)}: ${why} (${spec})`] : [];
        }),
      ),
    );
    expect(offenders).toEqual([]);
  });

  it('tells a domain import from an engine-internal one', () => {
    const archive = join(MODULES, 'archive');
    expect(forbidden('archive', join(archive, 'zip/read-entry.js'))).toBeNull();
    expect(forbidden('archive', join(SRC, 'lib/versions.js'))).toBeNull();
    expect(forbidden('archive', join(MODULES, 'catalogue/wire.js'))).toBe('imports the module catalogue');
    expect(forbidden('jobs', join(SRC, 'context.js'))).toBe('imports the composition root');
  });
});
