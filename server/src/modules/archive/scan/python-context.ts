import type { PyNode, PyTree } from '../python/parser.js';

/** A function or lambda body, by its character range in the file. */
interface FunctionRange {
  name: string | null;
  start: number;
  end: number;
}

/** One call in the file with what the rules need to know about it. */
export interface CallSite {
  node: PyNode;
  /** The callee with import aliases resolved: `sp.run` → `subprocess.run`, `system` → `os.system`. */
  qualified: string;
  /** Whether it runs when the module is imported (or, for install.py, when the script runs). */
  atImport: boolean;
  /** The innermost function containing it, or null at module level. */
  scope: FunctionRange | null;
}

/**
 * Facts about one parsed Python file that every rule shares: import aliases, where each call
 * sits, and which code runs at import. Import time covers module-level statements, class bodies
 * and any function of the same file that module-level code calls (transitively); code inside
 * `if __name__ == "__main__":` does not run on import.
 */
export class PythonFile {
  readonly calls: CallSite[] = [];
  private readonly aliases = new Map<string, string>();
  private readonly functions: FunctionRange[] = [];

  constructor(
    readonly path: string,
    readonly tree: PyTree,
    runsAsScript: boolean,
  ) {
    const root = tree.rootNode;
    for (const node of root.descendantsOfType(['import_statement', 'import_from_statement'])) {
      if (node) this.addAliases(node);
    }
    for (const node of root.descendantsOfType(['function_definition', 'lambda'])) {
      if (!node) continue;
      const name = node.type === 'function_definition' ? (node.childForFieldName('name')?.text ?? null) : null;
      this.functions.push({ name, start: node.startIndex, end: node.endIndex });
    }
    const mainGuards = runsAsScript
      ? []
      : root.namedChildren.filter(
          (n): n is PyNode =>
            n?.type === 'if_statement' &&
            /__name__\s*==\s*['"]__main__['"]/.test(n.childForFieldName('condition')?.text ?? ''),
        );
    const raw = root.descendantsOfType('call').filter((n): n is PyNode => n !== null);
    const sites = raw.map((node) => ({
      node,
      qualified: this.qualify(node.childForFieldName('function')),
      scope: this.innermost(node.startIndex),
      inMain: mainGuards.some((g) => node.startIndex >= g.startIndex && node.endIndex <= g.endIndex),
    }));
    const reached = new Set<FunctionRange>();
    const queue = sites.filter((s) => s.scope === null && !s.inMain);
    while (queue.length > 0) {
      const site = queue.pop();
      if (!site) break;
      // A function runs at import when called there, or handed over (`Thread(target=f).start()`).
      const names = [
        site.qualified,
        ...(site.node.childForFieldName('arguments')?.descendantsOfType('identifier') ?? []).map((id) => id?.text),
      ];
      for (const target of this.functions.filter((f) => f.name !== null && names.includes(f.name))) {
        if (reached.has(target)) continue;
        reached.add(target);
        queue.push(...sites.filter((s) => s.scope === target));
      }
    }
    for (const s of sites) {
      const atImport = !s.inMain && (s.scope === null || reached.has(s.scope));
      this.calls.push({ node: s.node, qualified: s.qualified, atImport, scope: s.scope });
    }
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
    const resolved = this.aliases.get(head) ?? head;
    return [resolved, ...rest].join('.');
  }

  private innermost(index: number): FunctionRange | null {
    let best: FunctionRange | null = null;
    for (const f of this.functions) {
      if (index > f.start && index < f.end && (!best || f.start > best.start)) best = f;
    }
    return best;
  }

  /** The innermost function containing a node, or null at module level. */
  scopeOf(node: PyNode): FunctionRange | null {
    return this.innermost(node.startIndex);
  }
}
