import type { Parser, Tree } from 'web-tree-sitter';
import { coreField } from './core-classes.js';
import { folderOf } from './module-paths.js';
import { type PyNode, parsePython } from './parser.js';
import type { Evaluator, ProgramView, Scope } from './program-view.js';
import type { ClassInfo, PyValue } from './values.js';
import { str } from './values.js';

/** Most evaluation steps spent on one pack, so a hostile file cannot keep the analyser busy. */
const MAX_STEPS = 500_000;

/** Raised when the step budget runs out; extraction reports it instead of looping forever. */
export class BudgetExceeded extends Error {}

/**
 * The pack's Python modules, parsed on demand and read by the static interpreter. Parsing lazily
 * means only modules reachable from the entry point (and the scanner's candidates) cost time.
 * The interpreter is made by the caller (`interpret`) and handed this program as its view.
 */
export class PackProgram<E extends Evaluator = Evaluator> implements ProgramView {
  private readonly trees = new Map<string, Tree | null>();
  private readonly moduleScopes = new Map<string, Scope>();
  private readonly classScopes = new WeakMap<ClassInfo, Scope>();
  private readonly baseCache = new WeakMap<ClassInfo, PyValue[]>();
  private steps = 0;
  readonly interpreter: E;
  /** Problems worth telling the publisher (syntax errors, files given up on). */
  readonly notes: string[] = [];

  constructor(
    private readonly parser: Parser,
    readonly sources: ReadonlyMap<string, string>,
    interpret: (program: ProgramView) => E,
  ) {
    this.interpreter = interpret(this);
  }

  private searchFolderList: string[] | undefined;

  /**
   * Folders of the pack that its code adds to `sys.path` (`sys.path.append(os.path.join(
   * os.path.dirname(__file__), "lib"))`), read from the source lines: absolute imports that
   * are not found at the pack root or beside the importer are looked for there too.
   */
  searchFolders(): string[] {
    if (this.searchFolderList) return this.searchFolderList;
    const found = new Set<string>();
    const folders = new Set([...this.sources.keys()].map(folderOf));
    for (const [path, source] of this.sources) {
      if (!source.includes('sys.path')) continue;
      for (const line of source.matchAll(/sys\.path\.(?:append|insert)\((.*)\)/g)) {
        const literals = [...(line[1] ?? '').matchAll(/["']([\w./-]+)["']/g)].map((m) => m[1] ?? '');
        const base = folderOf(path);
        if (literals.length === 0) found.add(base);
        for (const literal of literals) {
          const folder = [base, ...literal.split('/').filter((p) => p !== '' && p !== '.')].filter(Boolean).join('/');
          if (folders.has(folder)) found.add(folder);
        }
      }
    }
    this.searchFolderList = [...found];
    return this.searchFolderList;
  }

  /** Whether the pack has this Python file. */
  exists = (path: string): boolean => this.sources.has(path);

  /** Counts one evaluation step against the budget. */
  step(): void {
    this.steps += 1;
    if (this.steps > MAX_STEPS) throw new BudgetExceeded('static reading budget exhausted');
  }

  /** The syntax tree of a file, parsed once; null when missing or not parseable in time. */
  tree(path: string): Tree | null {
    if (this.trees.has(path)) return this.trees.get(path) ?? null;
    const source = this.sources.get(path);
    const tree = source === undefined ? null : parsePython(this.parser, source);
    if (source !== undefined && !tree) this.notes.push(`${path}: gave up parsing (too slow)`);
    if (tree?.rootNode.hasError) {
      const error = tree.rootNode.descendantsOfType(['ERROR'])[0] ?? firstMissing(tree.rootNode);
      this.notes.push(`${path}: syntax error near line ${(error?.startPosition.row ?? 0) + 1}`);
    }
    this.trees.set(path, tree);
    return tree;
  }

  /** Parses a file without caching it; the caller deletes the tree (for one-pass readers like the scanner). */
  parseOnce(path: string): Tree | null {
    const source = this.sources.get(path);
    return source === undefined ? null : parsePython(this.parser, source);
  }

  /** A tree the program already parsed, without parsing anything new. */
  cachedTree(path: string): Tree | null {
    return this.trees.get(path) ?? null;
  }

  /** The module's top-level names after running its statements statically (once; cycles see partial results). */
  moduleScope(path: string): Scope {
    const known = this.moduleScopes.get(path);
    if (known) return known;
    const scope: Scope = { vars: new Map(), parent: null, modulePath: path, cls: null, self: null };
    scope.vars.set('__name__', str(dottedName(path)));
    this.moduleScopes.set(path, scope);
    const tree = this.tree(path);
    try {
      if (tree) this.interpreter.execBlock(tree.rootNode, scope);
    } catch (error) {
      // One module nested too deeply for the reader keeps what it had; the others still count.
      if (!(error instanceof RangeError)) throw error;
      this.notes.push(`${path}: too complex to read statically (${error.message})`);
    }
    return scope;
  }

  /** The names a class body defines (attributes and methods), evaluated once. */
  classScope(cls: ClassInfo): Scope {
    const known = this.classScopes.get(cls);
    if (known) return known;
    const parent = this.moduleScope(cls.modulePath);
    const scope: Scope = { vars: new Map(), parent, modulePath: cls.modulePath, cls, self: null };
    this.classScopes.set(cls, scope);
    const body = cls.node.childForFieldName('body');
    if (body) this.interpreter.execBlock(body, scope);
    return scope;
  }

  /** The evaluated base classes of a class, as written in its `class X(...)` line. */
  bases(cls: ClassInfo): PyValue[] {
    const known = this.baseCache.get(cls);
    if (known) return known;
    this.baseCache.set(cls, []);
    const scope = this.moduleScope(cls.modulePath);
    const args = cls.node.childForFieldName('superclasses')?.namedChildren ?? [];
    const bases = args
      .filter((a): a is PyNode => a !== null && a.type !== 'keyword_argument')
      .map((a) => this.interpreter.evaluate(a, scope));
    this.baseCache.set(cls, bases);
    return bases;
  }

  /** Method resolution order within the pack: the class, then its bases depth-first, each once. */
  mro(cls: ClassInfo): ClassInfo[] {
    const order: ClassInfo[] = [];
    const visit = (c: ClassInfo, depth: number) => {
      if (order.includes(c) || depth > 32) return;
      order.push(c);
      for (const base of this.bases(c)) if (base.kind === 'class') visit(base.cls, depth + 1);
    };
    visit(cls, 0);
    return order;
  }

  /** A class attribute looked up along the MRO, starting after `after` when given (super()). */
  classAttribute(
    cls: ClassInfo,
    name: string,
    after?: ClassInfo,
  ): { value: PyValue; owner: ClassInfo; core?: true } | null {
    const full = this.mro(cls);
    const order = after ? full.slice(full.indexOf(after) + 1) : full;
    for (const c of order) {
      const value = this.classScope(c).vars.get(name);
      if (value) return { value, owner: c };
    }
    // Then the ComfyUI classes the pack's classes derive from, which come after them in the
    // MRO (including after the class a super() call is made in).
    for (const c of after ? full.slice(Math.max(0, full.indexOf(after))) : full) {
      for (const base of this.bases(c)) {
        const value = coreField(base, name);
        if (value) return { value, owner: c, core: true };
      }
    }
    return null;
  }

  /** Whether any base, in the pack or outside it, is spelt `name` (e.g. `io.ComfyNode`). */
  inheritsFrom(cls: ClassInfo, name: string): boolean {
    return this.mro(cls).some((c) =>
      this.bases(c).some((b) => (b.kind === 'attr' || b.kind === 'ref') && b.name.split('.').pop() === name),
    );
  }

  /** Frees every syntax tree (they live in WebAssembly memory, outside the garbage collector). */
  dispose(): void {
    for (const tree of this.trees.values()) tree?.delete();
    this.trees.clear();
  }
}

function firstMissing(node: PyNode): PyNode | null {
  if (node.isMissing) return node;
  for (const child of node.children) {
    if (child?.hasError || child?.isMissing) {
      const found = firstMissing(child);
      if (found) return found;
    }
  }
  return null;
}

/** The dotted module name Python would give an archive path ('' for the pack's own package). */
function dottedName(path: string): string {
  const module = path.endsWith('/__init__.py') || path === '__init__.py' ? folderOf(path) : path.replace(/\.py$/, '');
  return module.split('/').filter(Boolean).join('.');
}
