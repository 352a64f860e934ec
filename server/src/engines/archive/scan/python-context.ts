import type { PyNode, PyTree } from '../python/parser.js';
import type { FindingContext } from './policy.js';

/** One call the rules look at, with what they need to know about it. */
export interface CallSite {
  node: PyNode;
  /** The callee with import aliases resolved: `sp.run` → `subprocess.run`, `system` → `os.system`. */
  qualified: string;
  /** The innermost function or lambda containing the call, or null at module level. */
  scope: PyNode | null;
}

/**
 * Names that can end the callee of a call some rule cares about. Calls are found from these
 * words in the text and then checked in the tree, so scanning costs in proportion to suspicious
 * calls rather than to all calls in the file.
 */
const SINK_WORDS =
  /\b(exec|eval|compile|system|popen|Popen|run|call|check_call|check_output|getoutput|getstatusoutput|spawn\w*|exec[lv]p?e?|startfile|posix_spawnp?|create_subprocess_\w+|loads?|main|import_module|spec_from_file_location|run_path|chmod|CDLL|LoadLibrary|__import__)\s*\(/g;

const FUNCTION_TYPES = new Set(['function_definition', 'lambda']);
const IMPORT_WORDS = /^[ \t]*(?:from|import)\b/gm;
const DEF_NAMES = /\bdef[ \t]+(\w+)/g;

/**
 * Facts about one parsed Python file that every rule shares: import aliases, the candidate calls,
 * and which code runs at import. Import time covers module-level statements and class bodies,
 * and any function of the same file that such code calls or hands over (`Thread(target=f)`),
 * transitively; `if __name__ == "__main__":` blocks do not run on import.
 */
export class PythonFile {
  readonly calls: CallSite[] = [];
  private readonly aliases = new Map<string, string>();
  private reachedAtImport: Set<number> | null = null;

  constructor(
    readonly path: string,
    readonly tree: PyTree,
    private readonly source: string,
    private readonly runsAsScript: boolean,
    /** When the file runs at all (scan/reach.ts). */
    readonly reach: FindingContext = 'import',
  ) {
    const root = tree.rootNode;
    for (const match of source.matchAll(IMPORT_WORDS)) {
      const keyword = root.descendantForIndex(match.index ?? 0, (match.index ?? 0) + 1);
      const statement = keyword?.parent;
      if (statement?.type === 'import_statement' || statement?.type === 'import_from_statement') {
        this.addAliases(statement);
      }
    }
    const seen = new Set<number>();
    for (const match of source.matchAll(SINK_WORDS)) {
      const call = this.callAt(match.index ?? 0, (match.index ?? 0) + (match[1]?.length ?? 0));
      if (!call || seen.has(call.id)) continue;
      seen.add(call.id);
      this.calls.push({
        node: call,
        qualified: this.qualify(call.childForFieldName('function')),
        scope: scopeOf(call),
      });
    }
  }

  /** The call whose callee ends with the word at [start, end), if the word is one. */
  private callAt(start: number, end: number): PyNode | null {
    const word = this.tree.rootNode.descendantForIndex(start, end);
    if (word?.type !== 'identifier') return null;
    let callee: PyNode = word;
    if (callee.parent?.type === 'attribute' && callee.parent.childForFieldName('attribute')?.id === callee.id) {
      callee = callee.parent;
    }
    const call = callee.parent;
    return call?.type === 'call' && call.childForFieldName('function')?.id === callee.id ? call : null;
  }

  private addAliases(node: PyNode): void {
    if (node.type === 'import_statement') {
      for (const item of node.namedChildren) {
        if (item?.type === 'aliased_import') {
          const name = item.childForFieldName('name')?.text;
          const alias = item.childForFieldName('alias')?.text;
          if (name && alias) this.aliases.set(alias, name);
        }
      }
      return;
    }
    const module = node.childForFieldName('module_name')?.text;
    if (!module || module.startsWith('.')) return;
    for (const item of node.childrenForFieldName('name')) {
      if (!item) continue;
      const aliased = item.type === 'aliased_import';
      const name = (aliased ? item.childForFieldName('name') : item)?.text;
      const local = aliased ? item.childForFieldName('alias')?.text : name;
      if (name && local) this.aliases.set(local, `${module}.${name}`);
    }
  }

  /** The dotted name a callee expression stands for, with aliases and `__import__("x")` resolved. */
  qualify(node: PyNode | null): string {
    if (!node) return '';
    const text = node.text.replace(/\s+/g, '');
    const dunder = /^__import__\((['"])([\w.]+)\1\)(\..+)?$/.exec(text);
    if (dunder) return `${dunder[2]}${dunder[3] ?? ''}`;
    const viaGetattr = /^getattr\(([\w.]+),(['"])(\w+)\2\)$/.exec(text);
    const dotted = viaGetattr ? `${viaGetattr[1]}.${viaGetattr[3]}` : text;
    if (!/^[\w.]+$/.test(dotted)) return dotted;
    const [head = '', ...rest] = dotted.split('.');
    return [this.aliases.get(head) ?? head, ...rest].join('.');
  }

  /** Every call inside a node (or the whole file), with qualified names; for the data-flow rules. */
  callsIn(scope: PyNode | null): CallSite[] {
    const container = scope ?? this.tree.rootNode;
    return container
      .descendantsOfType('call')
      .filter((n): n is PyNode => n !== null && scopeOf(n)?.id === scope?.id)
      .map((node) => ({ node, qualified: this.qualify(node.childForFieldName('function')), scope }));
  }

  /**
   * Where a call runs: in a file nothing imports, in an install hook, at import, or only when a
   * function or node method is called.
   */
  contextOf(site: Pick<CallSite, 'node' | 'scope'>): FindingContext {
    if (this.reach !== 'import') return this.reach;
    return this.atImport(site) ? 'import' : 'runtime';
  }

  /**
   * Whether `name` is bound by the code around a call rather than being the built-in: a
   * parameter, assignment, loop or `with` target, `def` or import in an enclosing function, or
   * one at the module's top level (`compile = torch.compile`).
   */
  bindsLocally(site: CallSite, name: string): boolean {
    const word = name.replace(/\W/g, '');
    const binding = new RegExp(
      String.raw`(?<![\w.]|[,(]\s*)${word}\s*(?::[^=\n]+)?=(?!=)|\b(?:def|class|for|as|global|nonlocal)\s+${word}\b|\bimport\s+(?:[\w., ]*,\s*)?${word}\b`,
    );
    for (let scope = site.scope; scope; scope = scopeOf(scope)) {
      const params = scope.childForFieldName('parameters')?.text ?? '';
      if (new RegExp(String.raw`(?<![\w.=])${word}\b(?!\s*\()`).test(params)) return true;
      if (binding.test(scope.childForFieldName('body')?.text ?? '')) return true;
    }
    const topLevel = new RegExp(
      String.raw`^(?:${word}\s*(?::[^=\n]+)?=(?!=)|(?:def|class)\s+${word}\b|(?:from\s+\S+\s+)?import\s+.*\b${word}\b|[\w, ]*,\s*${word}\s*(?:,[\w, ]*)?=(?!=))`,
      'm',
    );
    return topLevel.test(this.source);
  }

  /** Whether a call runs when the module is imported (for install.py: when the script runs). */
  atImport(site: Pick<CallSite, 'node' | 'scope'>): boolean {
    if (!this.runsAsScript && inMainGuard(site.node)) return false;
    if (!site.scope) return true;
    this.reachedAtImport ??= this.reachImportTime();
    return this.reachedAtImport.has(site.scope.id);
  }

  /**
   * Functions of this file that import-time code calls or hands over, followed transitively. The
   * code that runs is the text outside function bodies (and outside `__main__` blocks); a
   * function counts as used there when its name appears as a word outside quotes. This errs
   * towards "runs at import", and costs one pass over the text instead of a walk of the tree.
   */
  private reachImportTime(): Set<number> {
    const root = this.tree.rootNode;
    const defs: { name: string; node: PyNode }[] = [];
    const methods: PyNode[] = [];
    for (const match of this.source.matchAll(DEF_NAMES)) {
      const start = (match.index ?? 0) + match[0].length - (match[1]?.length ?? 0);
      const node = root.descendantForIndex(start, start + 1)?.parent;
      if (node?.type !== 'function_definition' || !match[1]) continue;
      const owner = methodOwner(node);
      if (!owner) {
        defs.push({ name: match[1], node });
        continue;
      }
      // A method body runs when the method is called, not when its class is defined. Methods are
      // reached through `obj.name`, which the name match below leaves out, except a constructor,
      // which runs when import-time code calls the class.
      methods.push(node);
      const className = owner.childForFieldName('name')?.text;
      if (className && /^__(init|new|post_init)__$/.test(match[1]))
        defs.push({ name: `(?<!\\bclass\\s+)${className}(?=\\s*\\()`, node });
    }
    const excluded = this.runsAsScript
      ? []
      : root.namedChildren.filter((n): n is PyNode => n !== null && isMainGuard(n));
    const outside = (from: number, to: number, holes: PyNode[]) => {
      let text = '';
      let at = from;
      for (const hole of holes
        .filter((h) => h.startIndex >= from && h.endIndex <= to)
        .sort((a, b) => a.startIndex - b.startIndex)) {
        if (hole.startIndex < at) continue;
        text += this.source.slice(at, hole.startIndex);
        at = hole.endIndex;
      }
      return text + this.source.slice(at, to);
    };
    // Docstrings and comment lines mention function names without calling them.
    const code = (text: string) => text.replace(/("""|''')[\s\S]*?\1/g, '').replace(/^[ \t]*#.*$/gm, '');
    const nodes = [...new Set([...defs.map((d) => d.node), ...methods])];
    const reached = new Set<number>();
    const queue = [code(outside(0, this.source.length, [...nodes, ...excluded]))];
    while (queue.length > 0) {
      const text = queue.pop() ?? '';
      for (const def of defs) {
        if (reached.has(def.node.id) || !new RegExp(`(?<![\\w.'"])${def.name}(?![\\w'"])`).test(text)) continue;
        reached.add(def.node.id);
        const body = def.node.childForFieldName('body');
        if (body) queue.push(code(outside(body.startIndex, body.endIndex, nodes)));
      }
    }
    return reached;
  }

  /** The source text, for rules that match words. */
  get text(): string {
    return this.source;
  }
}

/** The innermost function or lambda containing a node, or null at module level. */
export function scopeOf(node: PyNode): PyNode | null {
  for (let p = node.parent; p; p = p.parent) if (FUNCTION_TYPES.has(p.type)) return p;
  return null;
}

/** Whether a node sits in a top-level `if __name__ == "__main__":` block. */
function inMainGuard(node: PyNode): boolean {
  let top: PyNode = node;
  while (top.parent && top.parent.type !== 'module') top = top.parent;
  return isMainGuard(top);
}

/** The class a function is a method of, or null for a plain function. */
function methodOwner(def: PyNode): PyNode | null {
  for (let p = def.parent; p; p = p.parent) {
    if (p.type === 'class_definition') return p;
    if (FUNCTION_TYPES.has(p.type)) return null;
  }
  return null;
}

function isMainGuard(node: PyNode): boolean {
  return (
    node.type === 'if_statement' &&
    /__name__\s*==\s*['"]__main__['"]/.test(node.childForFieldName('condition')?.text ?? '')
  );
}
