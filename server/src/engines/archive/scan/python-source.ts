import type { PyTree } from '../python/parser.js';
import type { PackProgram } from '../python/program.js';
import type { FindingContext } from './policy.js';
import { PythonFile, scopeOf } from './python-context.js';

/** Scripts ComfyUI-Manager runs itself (install, uninstall, enable, disable). */
const HOOK_SCRIPT = /^(install|uninstall|enable|disable)\.py$/;

/**
 * One Python file of a pack as the scan rules read it, parsed at most once and only when a rule
 * needs its tree: the syntax rules, or a text match whose place (module level or a function
 * body) decides when it runs. `close()` frees a tree parsed here.
 */
export class PythonSource {
  private tree: PyTree | null | undefined;
  private owned = false;
  private file: PythonFile | null | undefined;

  constructor(
    private readonly program: PackProgram,
    readonly path: string,
    private readonly text: string,
    /** When the file runs at all (scan/reach.ts). */
    readonly reach: FindingContext,
  ) {}

  /** The parsed file, or null when it could not be parsed in time. */
  parsed(): PythonFile | null {
    if (this.file !== undefined) return this.file;
    if (this.tree === undefined) {
      const cached = this.program.cachedTree(this.path);
      this.tree = cached ?? this.program.parseOnce(this.path);
      this.owned = !cached && this.tree !== null;
    }
    // ComfyUI-Manager runs its hook scripts as scripts, so their __main__ blocks run too.
    this.file = this.tree
      ? new PythonFile(this.path, this.tree, this.text, HOOK_SCRIPT.test(this.path), this.reach)
      : null;
    return this.file;
  }

  /**
   * Where the code at a text offset runs: a match in a function body of an imported module runs
   * when that function is called (or a node runs), unless import-time code calls the function;
   * the same reading as the syntax rules' (python-context.ts).
   */
  contextAt(index: number): FindingContext {
    if (this.reach !== 'import') return this.reach;
    const file = this.parsed();
    const node = file?.tree.rootNode.descendantForIndex(index, index + 1);
    if (!file || !node) return this.reach;
    return file.contextOf({ node, scope: scopeOf(node) });
  }

  close(): void {
    if (this.owned) this.tree?.delete();
    this.tree = undefined;
    this.file = undefined;
    this.owned = false;
  }
}
