import { folderOf, moduleFile, relativeBase } from '../python/module-paths.js';
import type { FindingContext } from './policy.js';

/** Files ComfyUI loads: the package itself, and the script ComfyUI-Manager runs before startup. */
const IMPORT_ENTRIES = ['__init__.py', 'prestartup_script.py'];
/** Scripts ComfyUI-Manager runs itself when it installs, uninstalls, enables or disables the pack. */
const MANAGER_HOOKS = ['install.py', 'uninstall.py', 'disable.py', 'enable.py'];

/** `import a.b as c, d` and `from x import (y, z)`, one statement per match, anywhere in the text. */
const IMPORT_STATEMENT = /^[ \t]*(?:from[ \t]+([.\w]+)[ \t]+import[ \t]+(\([^)]*\)|[^\n#;]+)|import[ \t]+([^\n#;]+))/gm;
/** `importlib.import_module("py.nodes.text")`, `__import__(".x", ...)`: a loader call with the name written out. */
const STATIC_LOADER = /\b(?:import_module|__import__)\s*\(\s*(['"])([.\w]+)\1/g;
/**
 * Loader calls whose module name or path is known only at run time. A file using one may load
 * any module of the folders it names in string literals (`paths = ["comfy-nodes"]`), or, naming
 * none, of its own folder, so everything under those counts as reached.
 */
const DYNAMIC_LOADER =
  /\b(?:import_module|__import__)\s*\((?!\s*(['"])[.\w]+\1\s*[,)])|\b(?:spec_from_file_location|load_source|SourceFileLoader|run_path|load_module)\s*\(|\bexec\s*\(\s*open\s*\(/;
const STRING_LITERAL = /(['"])([\w][\w./-]*)\1/g;
/** The fixed start of a module name built at run time: `f".nodes.{name}"`, `".py.{}".format(name)`. */
const MODULE_PREFIX = /f?(['"])\.*([\w][\w.]*?)\.\{/g;

/**
 * Which Python files of a pack run, and when: reached from `__init__.py` or
 * `prestartup_script.py` (ComfyUI loads them: context `import`), only from a ComfyUI-Manager hook
 * script (`install`), or from nothing (`unimported`: maintainer scripts, tests, examples).
 * Imports are read from the text, so an import inside a function or a string still counts: the
 * reading errs towards "runs". A pack without a root `__init__.py` is not loadable as ComfyUI
 * loads packs, and every file then counts as imported rather than guessing.
 */
export function pythonReach(sources: ReadonlyMap<string, string>): (path: string) => FindingContext {
  const files = [...sources.keys()];
  const exists = (path: string) => sources.has(path);
  if (!exists('__init__.py')) return (path) => (MANAGER_HOOKS.includes(path) ? 'install' : 'import');
  const bySuffix = suffixIndex(files);
  const walk = (entries: string[], seen: Set<string>) => {
    const queue = entries.filter(exists);
    for (const e of queue) seen.add(e);
    while (queue.length > 0) {
      const file = queue.pop() ?? '';
      const text = sources.get(file) ?? '';
      const next = [...importsOf(file, text, exists, bySuffix), ...packageInits(file, exists)];
      if (DYNAMIC_LOADER.test(text)) next.push(...dynamicallyLoaded(file, text, files));
      for (const n of next) {
        if (seen.has(n)) continue;
        seen.add(n);
        queue.push(n);
      }
    }
    return seen;
  };
  const imported = walk(IMPORT_ENTRIES, new Set());
  const hooks = walk(MANAGER_HOOKS, new Set());
  return (path) => (imported.has(path) ? 'import' : hooks.has(path) ? 'install' : 'unimported');
}

/** `a/b/c.py` is found from `c`, `b.c` and `a.b.c`, for absolute imports through an appended sys.path. */
function suffixIndex(files: string[]): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const file of files) {
    const module = file.replace(/(\/__init__)?\.py$/, '').split('/');
    for (let i = 0; i < module.length; i++) {
      const key = module.slice(i).join('.');
      if (key) index.set(key, [...(index.get(key) ?? []), file]);
    }
  }
  return index;
}

/** A module's package `__init__.py` files run before it. */
function packageInits(file: string, exists: (path: string) => boolean): string[] {
  const out: string[] = [];
  for (let folder = folderOf(file); folder !== ''; folder = folderOf(folder)) {
    if (exists(`${folder}/__init__.py`)) out.push(`${folder}/__init__.py`);
  }
  return out;
}

function importsOf(
  importer: string,
  text: string,
  exists: (path: string) => boolean,
  bySuffix: Map<string, string[]>,
): string[] {
  const out: string[] = [];
  const absolute = (dotted: string) => bySuffix.get(dotted) ?? [];
  for (const [, , name = ''] of text.matchAll(STATIC_LOADER)) {
    if (!name.startsWith('.')) {
      out.push(...absolute(name));
      continue;
    }
    const level = /^\.+/.exec(name)?.[0].length ?? 1;
    const base = relativeBase(importer, level);
    const module = base === null ? null : moduleFile(base, name.slice(level), exists);
    if (module) out.push(module);
  }
  for (const match of text.matchAll(IMPORT_STATEMENT)) {
    const [, from, names, plain] = match;
    if (plain) {
      for (const item of plain.split(',')) {
        const dotted =
          item
            .trim()
            .split(/\s+as\s+/)[0]
            ?.trim() ?? '';
        // `import a.b` runs a/__init__.py and a/b.py.
        const parts = dotted.split('.');
        for (let i = 1; i <= parts.length; i++) out.push(...absolute(parts.slice(0, i).join('.')));
      }
      continue;
    }
    if (!from) continue;
    const listed = (names ?? '')
      .replace(/[()]/g, '')
      .split(',')
      .map(
        (n) =>
          n
            .trim()
            .split(/\s+as\s+/)[0]
            ?.trim() ?? '',
      )
      .filter((n) => /^\w+$/.test(n));
    if (from.startsWith('.')) {
      const level = /^\.+/.exec(from)?.[0].length ?? 1;
      const base = relativeBase(importer, level);
      if (base === null) continue;
      const rest = from.slice(level);
      const module = moduleFile(base, rest, exists);
      if (module) out.push(module);
      const folder = rest ? `${base ? `${base}/` : ''}${rest.split('.').join('/')}` : base;
      for (const name of listed) {
        const sub = moduleFile(folder, name, exists);
        if (sub) out.push(sub);
      }
      continue;
    }
    out.push(...absolute(from));
    for (const name of listed) out.push(...absolute(`${from}.${name}`));
  }
  return out;
}

/** The files a run-time loader in `file` may load: under the folders its literals name, else under its folder. */
function dynamicallyLoaded(file: string, text: string, files: string[]): string[] {
  const folder = folderOf(file);
  const under = (dir: string) => files.filter((f) => dir === '' || f.startsWith(`${dir}/`));
  const named = new Set<string>();
  const candidates = [
    ...[...text.matchAll(STRING_LITERAL)].map((m) => (m[2] ?? '').replace(/^\.\/|\/$/g, '')),
    ...[...text.matchAll(MODULE_PREFIX)].map((m) => (m[2] ?? '').split('.').join('/')),
  ];
  for (const literal of candidates) {
    const dir = [folder, literal].filter(Boolean).join('/');
    if (dir !== folder && files.some((f) => f.startsWith(`${dir}/`))) named.add(dir);
  }
  return named.size > 0 ? [...named].flatMap(under) : under(folder);
}
