import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every `.ts` file below `dir`. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The relative specifiers of a file's static `import … from` and `export … from` lines. */
export function importedPaths(source: string): string[] {
  const pattern = /^\s*(?:import|export)\b[^;'"]*?\bfrom\s*['"](\.[^'"]+)['"]/gm;
  return [...source.matchAll(pattern)].map((match) => match[1] ?? '');
}
