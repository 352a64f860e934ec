import { folderOf, moduleFile, relativeBase, resolveAbsolute } from './module-paths.js';
import type { PyNode } from './parser.js';
import type { ProgramView } from './program-view.js';
import type { PyValue } from './values.js';

/** The module value for `folder/name` when the pack has that file, else null. */
export function submodule(program: ProgramView, folder: string, name: string): PyValue | null {
  const file = moduleFile(folder, name, program.exists);
  return file ? { kind: 'module', path: file } : null;
}

/** The folder a module's own submodules live in: its folder when it is a package `__init__.py`. */
function packageFolder(file: string): string | null {
  return file === '__init__.py' || file.endsWith('/__init__.py') ? folderOf(file) : null;
}

/**
 * The names an import statement binds. Imports of the pack's own modules give module values
 * (read lazily); anything else (torch, comfy, folder_paths) becomes a symbolic reference that
 * remembers where it came from, so `io.Int.Input` is still recognisable later.
 */
export function importBindings(program: ProgramView, node: PyNode, importer: string): [string, PyValue][] {
  const out: [string, PyValue][] = [];
  if (node.type === 'import_statement') {
    for (const item of node.namedChildren) {
      if (!item) continue;
      const aliased = item.type === 'aliased_import';
      const dotted = (aliased ? item.childForFieldName('name') : item)?.text ?? '';
      const target = aliased ? dotted : (dotted.split('.')[0] ?? dotted);
      const bound = aliased ? (item.childForFieldName('alias')?.text ?? dotted) : target;
      const file = resolveImport(program, importer, target);
      out.push([bound, file ? { kind: 'module', path: file } : { kind: 'ref', name: bound, origin: target }]);
    }
    return out;
  }
  const moduleNode = node.childForFieldName('module_name');
  if (!moduleNode) return out;
  const { file, folder, dotted } = resolveFrom(program, moduleNode, importer);
  for (const item of node.namedChildren) {
    // Syntax nodes are fresh objects on every read: compare ids, or the module name reads as an imported name.
    if (!item || item.id === moduleNode.id) continue;
    if (item.type === 'wildcard_import') {
      if (file) out.push(...starNames(program, file));
      continue;
    }
    if (item.type !== 'dotted_name' && item.type !== 'aliased_import') continue;
    const name = (item.type === 'aliased_import' ? item.childForFieldName('name') : item)?.text ?? '';
    const bound = item.type === 'aliased_import' ? (item.childForFieldName('alias')?.text ?? name) : name;
    let value: PyValue | null | undefined = file ? program.moduleScope(file).vars.get(name) : undefined;
    const subFolder = file ? packageFolder(file) : folder;
    if (!value && subFolder !== null) value = submodule(program, subFolder, name);
    out.push([bound, value ?? { kind: 'ref', name: bound, origin: dotted ? `${dotted}.${name}` : name }]);
  }
  return out;
}

function resolveFrom(
  program: ProgramView,
  moduleNode: PyNode,
  importer: string,
): { file: string | null; folder: string | null; dotted: string } {
  if (moduleNode.type !== 'relative_import') {
    const dotted = moduleNode.text;
    return { file: resolveImport(program, importer, dotted), folder: null, dotted };
  }
  const level = (moduleNode.namedChildren.find((c) => c?.type === 'import_prefix')?.text ?? '.').length;
  const dotted = moduleNode.namedChildren.find((c) => c?.type === 'dotted_name')?.text ?? '';
  const base = relativeBase(importer, level);
  if (base === null) return { file: null, folder: null, dotted };
  if (dotted === '') return { file: moduleFile(base, '', program.exists), folder: base, dotted };
  return { file: moduleFile(base, dotted, program.exists), folder: null, dotted };
}

/** An absolute import: the pack root, the importer's folder, then the folders the pack adds to sys.path. */
function resolveImport(program: ProgramView, importer: string, dotted: string): string | null {
  const file = resolveAbsolute(importer, dotted, program.exists);
  if (file) return file;
  for (const folder of program.searchFolders()) {
    const found = moduleFile(folder, dotted, program.exists);
    if (found) return found;
  }
  return null;
}

/** `from x import *`: the module's `__all__` when it lists names, else its public names. */
function starNames(program: ProgramView, file: string): [string, PyValue][] {
  const vars = program.moduleScope(file).vars;
  const all = vars.get('__all__');
  const names =
    all?.kind === 'list'
      ? all.items.flatMap((i) => (i.kind === 'str' ? [i.value] : []))
      : [...vars.keys()].filter((n) => !n.startsWith('_'));
  return names.flatMap((n) => {
    const value = vars.get(n);
    return value ? [[n, value] as [string, PyValue]] : [];
  });
}

/** Whether a callee is `importlib.import_module` (however it was imported). */
export function isImportModule(callee: PyValue): boolean {
  if (callee.kind === 'attr') {
    return callee.name === 'import_module' && callee.object.kind === 'ref' && callee.object.origin === 'importlib';
  }
  return callee.kind === 'ref' && callee.origin === 'importlib.import_module';
}

/**
 * `importlib.import_module(name, package)` with a name static reading knows: the pack's module
 * it loads, or null. Relative names resolve against `package` (a module's `__name__`, which for
 * the pack's own modules is their path below the pack root, dotted).
 */
export function importModule(
  program: ProgramView,
  name: PyValue | undefined,
  pkg: PyValue | undefined,
): PyValue | null {
  if (name?.kind !== 'str') return null;
  const dotted = name.value;
  const level = dotted.length - dotted.replace(/^\.+/, '').length;
  let file: string | null;
  if (level === 0) {
    file = resolveImport(program, '__init__.py', dotted);
  } else {
    if (pkg?.kind !== 'str') return null;
    let folder = pkg.value.split('.').filter(Boolean).join('/');
    for (let i = 1; i < level; i++) {
      if (folder === '') return null;
      folder = folderOf(folder);
    }
    file = moduleFile(folder, dotted.slice(level), program.exists);
  }
  return file ? { kind: 'module', path: file } : null;
}
