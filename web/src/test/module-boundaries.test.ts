import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The web app's layering, checked on every import of every source file:
 * - a feature (`features/<f>/`) imports no other feature and nothing from `app/`;
 * - shared code (`api/`, `components/`, `lib/`, `i18n/`) imports no feature and nothing from `app/`.
 * What several features need lives in the shared folders, so no feature copies another's reads or rules.
 * Tests may reach across layers to check that they agree (say, that every error code has a translation).
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SHARED = ['api', 'components', 'lib', 'i18n'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

/** Module specifiers of static imports, re-exports and dynamic imports. */
function importsOf(text: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\bfrom\s+['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /^\s*import\s+['"]([^'"]+)['"]/gm,
  ];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) if (match[1]) found.push(match[1]);
  return found;
}

/** The layer of a file under src: `feature:<name>`, `app`, a shared folder, or the top level. */
function layerOf(file: string): string {
  const [top, second] = path.relative(src, file).split(path.sep);
  if (top === 'features' && second) return `feature:${second}`;
  return top ?? '';
}

function violations(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(src)) {
    const from = layerOf(file);
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const to = layerOf(path.resolve(path.dirname(file), specifier));
      const where = `${path.relative(src, file)} imports ${specifier}`;
      if (from.startsWith('feature:') && to.startsWith('feature:') && to !== from) found.push(where);
      if ((from.startsWith('feature:') || SHARED.includes(from)) && to === 'app') found.push(where);
      if (SHARED.includes(from) && to.startsWith('feature:')) found.push(where);
    }
  }
  return found;
}

describe('module boundaries', () => {
  it('features import no other feature and no app code; shared code imports neither', () => {
    expect(violations()).toEqual([]);
  });

  it('notices an import across features', () => {
    const file = path.join(src, 'features', 'search', 'x.ts');
    const to = layerOf(path.resolve(path.dirname(file), '../node/api/get-node'));
    expect([layerOf(file), to]).toEqual(['feature:search', 'feature:node']);
    expect(importsOf(`import { a } from '../node/api/get-node';\nconst b = import('../../app/router');`)).toEqual([
      '../node/api/get-node',
      '../../app/router',
    ]);
  });
});
