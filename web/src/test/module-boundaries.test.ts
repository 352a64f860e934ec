import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The web app's layering, checked on every import of every source file:
 * - a feature (`features/<f>/`) imports no other feature and nothing from `app/`;
 * - shared code (`api/`, `components/`, `lib/`, `i18n/`) imports no feature and nothing from `app/`.
 * - outside `api/`, no query key is written as a literal: every key comes from `keyFor` or a key
 *   function of the API layer, so a read and the invalidation meant for it cannot spell a path two ways.
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

/** Import violations of one file, given its path under src and its text. */
function importViolations(file: string, text: string): string[] {
  const found: string[] = [];
  const from = layerOf(file);
  for (const specifier of importsOf(text)) {
    if (!specifier.startsWith('.')) continue;
    const to = layerOf(path.resolve(path.dirname(file), specifier));
    const where = `${path.relative(src, file)} imports ${specifier}`;
    if (from.startsWith('feature:') && to.startsWith('feature:') && to !== from) found.push(where);
    if ((from.startsWith('feature:') || SHARED.includes(from)) && to === 'app') found.push(where);
    if (SHARED.includes(from) && to.startsWith('feature:')) found.push(where);
  }
  return found;
}

/**
 * Query keys written by hand: `queryKey: [...]`, an array handed straight to a cache call
 * (`invalidateQueries([...])`, `setQueryData([...], …)`), a list of path arrays (`[['/a'], …]`), or a
 * key constant spelled as an array (`fooKey = ['/a']`).
 */
const KEY_LITERALS = [
  /\bqueryKey\s*:\s*\[/,
  /\b(?:invalidate|remove|refetch|cancel|reset|fetch|prefetch)Quer(?:y|ies)\(\s*\[/,
  /\b(?:set|get)Quer(?:y|ies)Data\(\s*\[/,
  /\[\s*\[\s*['"`]\//,
  /\w*[kK]ey\s*=\s*\[/,
];

/** Key-literal violations of one file (files under `api/` build the keys and are exempt). */
function keyLiteralViolations(file: string, text: string): string[] {
  if (layerOf(file) === 'api') return [];
  return text
    .split('\n')
    .flatMap((line, index) =>
      KEY_LITERALS.some((pattern) => pattern.test(line))
        ? [`${path.relative(src, file)}:${index + 1}: ${line.trim()}`]
        : [],
    );
}

function violations(): string[] {
  return sourceFiles(src).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return [...importViolations(file, text), ...keyLiteralViolations(file, text)];
  });
}

describe('module boundaries', () => {
  it('features import no other feature and no app code; shared code imports neither; keys are built, not written', () => {
    expect(violations()).toEqual([]);
  });

  it('notices an import across features', () => {
    const file = path.join(src, 'features', 'search', 'components', 'X.tsx');
    expect(importViolations(file, `import { useNode } from '../../node/api/get-node';`)).toEqual([
      'features/search/components/X.tsx imports ../../node/api/get-node',
    ]);
    expect(importViolations(file, `import { router } from '../../../app/router';`)).toHaveLength(1);
    expect(importViolations(file, `import { keyFor } from '../../../api/keys';`)).toEqual([]);
    const shared = path.join(src, 'lib', 'x.ts');
    expect(importViolations(shared, `import { useNode } from '../features/node/api/get-node';`)).toHaveLength(1);
  });

  it('notices a query key written as a literal outside the API layer', () => {
    const file = path.join(src, 'features', 'search', 'api', 'x.ts');
    const bad = [
      'useQuery({ queryKey: [`/nodes/a`], queryFn });',
      "queryClient.invalidateQueries({ queryKey: ['/users/publishers'] });",
      "queryClient.removeQueries({queryKey:['/users']});",
      'queryClient.setQueryData([`/nodes/a`], pack);',
      "invalidate: () => [['/admin/users']],",
      "export const statsKey = ['/admin/stats'] as const;",
    ];
    for (const line of bad) expect(keyLiteralViolations(file, line), line).toHaveLength(1);
    const good = [
      'useQuery({ queryKey: nodeKey(id), queryFn });',
      "queryClient.invalidateQueries({ queryKey: keyFor('/users/publishers') });",
      "const unsafePrefixes = ['/auth/login', '/auth/signup'];",
    ];
    for (const line of good) expect(keyLiteralViolations(file, line), line).toEqual([]);
    expect(keyLiteralViolations(path.join(src, 'api', 'queries', 'x.ts'), bad[0] ?? '')).toEqual([]);
  });

  it('reads every kind of import', () => {
    const file = path.join(src, 'features', 'search', 'x.ts');
    const to = layerOf(path.resolve(path.dirname(file), '../node/api/get-node'));
    expect([layerOf(file), to]).toEqual(['feature:search', 'feature:node']);
    expect(importsOf(`import { a } from '../node/api/get-node';\nconst b = import('../../app/router');`)).toEqual([
      '../node/api/get-node',
      '../../app/router',
    ]);
  });
});
