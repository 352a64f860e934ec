/**
 * Maps Python import statements to files of the pack. ComfyUI imports a pack as a package from
 * its root `__init__.py`, so relative imports resolve against the importing file's folder, and
 * absolute ones are tried against the pack root and the importing folder (packs commonly add
 * their own folder to sys.path).
 */

/** The folder an archive path lives in ('' for the root). */
export function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

function join(folder: string, dotted: string): string {
  const rest = dotted.split('.').filter(Boolean).join('/');
  if (folder === '') return rest;
  return rest === '' ? folder : `${folder}/${rest}`;
}

/** The module file for `dotted` under `folder`: `x.py`, or the package `x/__init__.py`; '' means the folder's package. */
export function moduleFile(folder: string, dotted: string, exists: (path: string) => boolean): string | null {
  const base = join(folder, dotted);
  const init = base === '' ? '__init__.py' : `${base}/__init__.py`;
  if (base !== '' && exists(`${base}.py`)) return `${base}.py`;
  return exists(init) ? init : null;
}

/** The folder a relative import with `level` dots starts from, or null when it climbs above the pack. */
export function relativeBase(importer: string, level: number): string | null {
  let folder = folderOf(importer);
  for (let i = 1; i < level; i++) {
    if (folder === '') return null;
    folder = folderOf(folder);
  }
  return folder;
}

/** Resolves `import dotted` / `from dotted import` (absolute) from `importer` to a pack file, or null. */
export function resolveAbsolute(importer: string, dotted: string, exists: (path: string) => boolean): string | null {
  return moduleFile('', dotted, exists) ?? moduleFile(folderOf(importer), dotted, exists);
}
