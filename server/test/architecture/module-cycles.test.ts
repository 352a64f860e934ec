import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cycles, importedPaths, sourceFiles } from '../helpers/source-files.js';

/**
 * The modules under `server/src/modules` form a layered graph: a module may use another, but no
 * two modules may use each other, directly or around a longer loop. A loop means neither side can
 * be read, tested or changed without the other, which is how the version status rules ended up
 * copied into four modules.
 *
 * Type-only imports (`import type`, `import { type X }`) count like any other: they are erased
 * from the JavaScript, but a module that names another's types still changes when they change,
 * so a type-only loop ties two modules together just as well. `modules/index.ts`, the table
 * that registers every module's routes, is the composition root and stands outside the graph.
 * The engines under `server/src/engines` are nodes of the same graph (`engines/<name>`), so no
 * loop runs through them either (`engine-imports.test.ts` checks that they never import a module).
 */

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
const MODULES = join(SRC, 'modules');
const ENGINES = join(SRC, 'engines');

/** The module (or `engines/<name>`) a path belongs to, or null for a path outside every one. */
function moduleOf(path: string): string | null {
  for (const [floor, prefix] of [
    [MODULES, ''],
    [ENGINES, 'engines/'],
  ] as const) {
    const parts = relative(floor, path).split(sep);
    if (parts.length >= 2 && parts[0] !== '..' && parts[0] !== undefined) return `${prefix}${parts[0]}`;
  }
  return null;
}

/** module → the modules it imports from, with one importing file per arrow as evidence. */
function moduleGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of [...sourceFiles(MODULES), ...sourceFiles(ENGINES)]) {
    const from = moduleOf(file);
    if (from === null) continue;
    const arrows = graph.get(from) ?? new Map<string, string>();
    graph.set(from, arrows);
    for (const spec of importedPaths(readFileSync(file, 'utf8'))) {
      const to = moduleOf(resolve(dirname(file), spec));
      if (to !== null && to !== from && !arrows.has(to)) arrows.set(to, relative(SRC, file));
    }
  }
  return graph;
}

describe('server module imports', () => {
  it('reads the import lines the graph is built from', () => {
    const source = [
      "import { a } from '../nodes/repository.js';",
      "import type { B } from '../auth/viewer.js';",
      'import {',
      '  c,',
      '  type D,',
      "} from './local.js';",
      "export { e } from '../catalogue/wire.js';",
      "import semver from 'semver';",
    ].join('\n');
    expect(importedPaths(source)).toEqual([
      '../nodes/repository.js',
      '../auth/viewer.js',
      './local.js',
      '../catalogue/wire.js',
    ]);
  });

  it('has no module that imports another which imports it back, directly or around a loop', () => {
    const graph = moduleGraph();
    expect(graph.size).toBeGreaterThan(20);
    const loops = cycles(graph).map((group) =>
      group.map((member) => {
        const arrows = [...(graph.get(member) ?? new Map<string, string>()).entries()];
        const inLoop = arrows.filter(([to]) => group.includes(to));
        return `${member} → ${inLoop.map(([to, file]) => `${to} (${file})`).join(', ')}`;
      }),
    );
    expect(loops).toEqual([]);
  });
});
