import type { PyNode } from './parser.js';
import type { ClassInfo, PyValue } from './values.js';

/**
 * The two halves of the static reader and what each sees of the other. `PackProgram` holds the
 * pack's modules (parsing, module and class scopes, the step budget); the interpreter evaluates
 * statements in them, and the import resolver finds the modules an import names. Both depend on
 * this file rather than on `program.ts`, and the program is handed its interpreter when it is
 * built, so no file of the reader imports one that imports it back.
 */

/** Names visible while running a block: a module, a class body or a function call. */
export interface Scope {
  vars: Map<string, PyValue>;
  /** The module scope for classes and functions (Python skips class scopes from methods). */
  parent: Scope | null;
  modulePath: string;
  /** The class whose body or method runs, for `super()`. */
  cls: ClassInfo | null;
  /** The bound first argument (cls/self) of the running method. */
  self: PyValue | null;
}

/** What the interpreter and the import resolver read of the pack's program. */
export interface ProgramView {
  /** Counts one evaluation step against the budget (throws when it runs out). */
  step(): void;
  /** Whether the pack has this Python file. */
  exists(path: string): boolean;
  /** Folders the pack adds to `sys.path`. */
  searchFolders(): string[];
  /** A module's top-level names, evaluated once. */
  moduleScope(path: string): Scope;
  /**
   * A class attribute along the MRO, starting after `after` when given; `core` when it comes
   * from one of ComfyUI's own node classes the pack subclasses.
   */
  classAttribute(
    cls: ClassInfo,
    name: string,
    after?: ClassInfo,
  ): { value: PyValue; owner: ClassInfo; core?: true } | null;
  /** Whether any base of the class is spelt `name`. */
  inheritsFrom(cls: ClassInfo, name: string): boolean;
}

/** What the program needs of its interpreter: running a block and evaluating an expression. */
export interface Evaluator {
  execBlock(block: PyNode, scope: Scope): unknown;
  evaluate(node: PyNode, scope: Scope): PyValue;
}
