import type { ExtractedComfyNode } from '../types.js';
import { classicNode } from './classic-node.js';
import type { Interpreter } from './interpreter.js';
import { BudgetExceeded, type PackProgram } from './program.js';
import { schemaNode } from './schema-node.js';
import { type ClassInfo, type DictValue, describe, dict, type PyValue } from './values.js';

/** The result of reading node definitions, in the terms the registry stores. */
export interface Extraction {
  nodes: ExtractedComfyNode[];
  status: 'success' | 'failed';
  reason: string;
}

const ENTRY = '__init__.py';
const MAX_NOTES = 10;

/**
 * Reads the pack's node definitions the way ComfyUI finds them, without importing anything:
 * `NODE_CLASS_MAPPINGS` / `NODE_DISPLAY_NAME_MAPPINGS` of the root `__init__.py` (following its
 * imports into the pack), and the newer `comfy_entrypoint()` extension's `get_node_list()`.
 */
export function extractNodes(program: PackProgram<Interpreter>): Extraction {
  if (!program.exists(ENTRY)) {
    return {
      nodes: [],
      status: 'failed',
      reason: 'there is no __init__.py at the archive root, so ComfyUI cannot load the pack',
    };
  }
  try {
    return collect(program);
  } catch (error) {
    if (error instanceof BudgetExceeded || error instanceof RangeError) {
      return { nodes: [], status: 'failed', reason: `static reading of the sources stopped: ${error.message}` };
    }
    throw error;
  }
}

function collect(program: PackProgram<Interpreter>): Extraction {
  const root = program.moduleScope(ENTRY).vars;
  const notes: string[] = [];
  let mappings = asDict(root.get('NODE_CLASS_MAPPINGS'));
  let displays = asDict(root.get('NODE_DISPLAY_NAME_MAPPINGS'));
  const entrypoint = schemaClasses(program, root.get('comfy_entrypoint'));
  // A root that mentions the mappings but builds them at run time (importlib loops, globals()
  // tricks) gets each module's own mappings instead; a root that never mentions them has none.
  const mentioned = program.sources.get(ENTRY)?.includes('NODE_CLASS_MAPPINGS') ?? false;
  if ((mappings ? mappings.incomplete : mentioned) && entrypoint.length === 0) {
    const merged = mergeModuleMappings(program, mappings, displays);
    if (merged.modules > 0) {
      notes.push(`NODE_CLASS_MAPPINGS in __init__.py is built at run time; read it from ${merged.modules} module(s)`);
    }
    mappings = merged.mappings;
    displays = merged.displays;
  }
  if (!mappings || mappings.entries.size === 0) {
    // Loaders from outside the pack: read the classes they would collect from the pack's folders.
    const loaded = loaderClasses(program, root.get('NODE_CLASS_MAPPINGS'));
    if (loaded.entries.size > 0) {
      notes.push(
        `NODE_CLASS_MAPPINGS comes from a loader outside the pack; read ${loaded.entries.size} class(es) it collects`,
      );
      mappings = loaded;
    }
  }
  const nodes = new Map<string, ExtractedComfyNode>();
  const untraced: string[] = [];
  for (const [name, value] of mappings?.entries ?? []) {
    if (value.kind !== 'class') {
      untraced.push(`${name} (${describe(value)})`);
      continue;
    }
    const display = displays?.entries.get(name);
    const node = readNode(program, value.cls, name, display?.kind === 'str' ? display.value : null, notes);
    if (node) nodes.set(name, node);
  }
  const mappedNames = entrypoint.length > 0 ? namesInModuleMappings(program) : new Map<ClassInfo['node'], string>();
  for (const cls of entrypoint) {
    // A classic class listed by the extension keeps the name its module's mapping gives it.
    const node = readNode(program, cls, null, null, notes, mappedNames.get(cls.node) ?? null);
    if (node && !nodes.has(node.name)) nodes.set(node.name, node);
  }
  if (untraced.length > 0) notes.push(`not traced to a class in the pack: ${untraced.slice(0, 5).join(', ')}`);
  notes.push(...program.notes);
  const summary =
    nodes.size > 0
      ? `found ${nodes.size} node definition(s)`
      : 'found no node definitions: the root __init__.py exports no NODE_CLASS_MAPPINGS or comfy_entrypoint that could be read statically';
  const details = notes.slice(0, MAX_NOTES).join('; ');
  return { nodes: [...nodes.values()], status: 'success', reason: details ? `${summary}; ${details}` : summary };
}

function readNode(
  program: PackProgram<Interpreter>,
  cls: ClassInfo,
  name: string | null,
  display: string | null,
  notes: string[],
  classicName: string | null = null,
): ExtractedComfyNode | null {
  try {
    if (program.classAttribute(cls, 'define_schema')) {
      const node = schemaNode(program, cls, name, display);
      if (node) return node;
      if (!name) notes.push(`${cls.name}: define_schema() does not return a readable io.Schema(...)`);
    }
    const classic = name ?? classicName ?? (program.classAttribute(cls, 'INPUT_TYPES') ? cls.name : null);
    return classic ? classicNode(program, cls, classic, display) : null;
  } catch (error) {
    if (error instanceof RangeError) {
      notes.push(`${cls.name}: too deeply nested to read`);
      return null;
    }
    throw error;
  }
}

/** The classes listed by `comfy_entrypoint()`'s extension in `get_node_list()`. */
function schemaClasses(program: PackProgram<Interpreter>, entry: PyValue | undefined): ClassInfo[] {
  if (entry?.kind !== 'function') return [];
  const extension = program.interpreter.callFunction(entry.fn, null, [], new Map());
  if (extension.kind !== 'instance' && extension.kind !== 'class') return [];
  const method = program.interpreter.attributeOf(extension, 'get_node_list', 'get_node_list');
  const listed = program.interpreter.invoke(method, [], new Map(), 'get_node_list()');
  if (listed.kind !== 'list') return [];
  return listed.items.flatMap((item) => (item.kind === 'class' ? [item.cls] : []));
}

function mergeModuleMappings(
  program: PackProgram<Interpreter>,
  mappings: DictValue | null,
  displays: DictValue | null,
) {
  const allMappings = dict(new Map(mappings?.entries ?? []));
  const allDisplays = dict(new Map(displays?.entries ?? []));
  let modules = 0;
  for (const [path, source] of program.sources) {
    if (path === ENTRY || !source.includes('NODE_CLASS_MAPPINGS')) continue;
    const vars = program.moduleScope(path).vars;
    const own = asDict(vars.get('NODE_CLASS_MAPPINGS'));
    if (!own || own.entries.size === 0) continue;
    modules += 1;
    for (const [k, v] of own.entries) if (!allMappings.entries.has(k)) allMappings.entries.set(k, v);
    for (const [k, v] of asDict(vars.get('NODE_DISPLAY_NAME_MAPPINGS'))?.entries ?? []) {
      if (!allDisplays.entries.has(k)) allDisplays.entries.set(k, v);
    }
  }
  return { mappings: allMappings, displays: allDisplays, modules };
}

/** Class statement → the key some module's NODE_CLASS_MAPPINGS lists it under. */
function namesInModuleMappings(program: PackProgram<Interpreter>): Map<ClassInfo['node'], string> {
  const out = new Map<ClassInfo['node'], string>();
  for (const [path, source] of program.sources) {
    if (!source.includes('NODE_CLASS_MAPPINGS')) continue;
    for (const [key, value] of asDict(program.moduleScope(path).vars.get('NODE_CLASS_MAPPINGS'))?.entries ?? []) {
      if (value.kind === 'class' && !out.has(value.cls.node)) out.set(value.cls.node, key);
    }
  }
  return out;
}

/**
 * The classes a loader would collect when NODE_CLASS_MAPPINGS is built by code static reading
 * cannot follow: a helper from another package given a folder of the pack (`loader(ROOT, "core")`),
 * or a loop importing each module and reading its `__nodes__` list. Only classes that look like
 * nodes count: listed in a module's `__nodes__`, or defining their own `NAME` and having an
 * `INPUT_TYPES` or `define_schema`. Keys are the class's `NAME` when it has one, else its name.
 */
function loaderClasses(program: PackProgram<Interpreter>, value: PyValue | undefined): DictValue {
  const out = dict();
  const rootSource = program.sources.get(ENTRY) ?? '';
  const folders = new Set<string>();
  if (value?.kind === 'call' || (value?.kind === 'unknown' && /\bloader\b|load_nodes/i.test(value.text))) {
    const args = value.kind === 'call' ? [...value.args, ...value.kwargs.values()] : [];
    for (const arg of args) if (arg.kind === 'str') folders.add(arg.value.replace(/^\.?\/+|\/+$/g, ''));
  }
  const usesNodeLists = rootSource.includes('__nodes__');
  for (const [path, source] of program.sources) {
    if (path === ENTRY) continue;
    const inFolder = [...folders].some((f) => f !== '' && (path.startsWith(`${f}/`) || path === `${f}.py`));
    const listed = usesNodeLists && source.includes('__nodes__');
    if (!inFolder && !listed) continue;
    const vars = program.moduleScope(path).vars;
    const candidates: ClassInfo[] = [];
    const nodeList = vars.get('__nodes__');
    if (listed && nodeList?.kind === 'list') {
      for (const item of nodeList.items) if (item.kind === 'class') candidates.push(item.cls);
    }
    if (inFolder) {
      for (const item of vars.values()) {
        if (item.kind !== 'class' || item.cls.modulePath !== path) continue;
        const own = program.classScope(item.cls).vars.get('NAME');
        // INPUT_TYPES may come from a base class of the loader's package; a CATEGORY says node too.
        const isNode = ['INPUT_TYPES', 'define_schema', 'CATEGORY'].some((a) => program.classAttribute(item.cls, a));
        if (own?.kind === 'str' && isNode) candidates.push(item.cls);
      }
    }
    for (const cls of candidates) {
      const name = program.classAttribute(cls, 'NAME')?.value;
      const key = name?.kind === 'str' ? name.value : cls.name;
      if (!out.entries.has(key)) out.entries.set(key, { kind: 'class', cls });
    }
  }
  return out;
}

function asDict(value: PyValue | undefined): DictValue | null {
  return value?.kind === 'dict' ? value : null;
}
