import type { Interpreter } from './interpreter.js';
import type { PackProgram } from './program.js';
import { type ClassInfo, type PyValue, placeholder } from './values.js';

/** Reads class attributes (with inheritance) of one node class and turns them into stored fields. */
export class NodeFields {
  constructor(
    private readonly program: PackProgram<Interpreter>,
    readonly cls: ClassInfo,
  ) {}

  /** The attribute's value, looked up along the class's bases in the pack; undefined when absent. */
  attribute(name: string): PyValue | undefined {
    return this.program.classAttribute(this.cls, name)?.value;
  }

  /** Calls a classmethod such as INPUT_TYPES or define_schema statically. */
  callClassMethod(name: string): PyValue | undefined {
    const value = this.attribute(name);
    if (!value) return undefined;
    if (value.kind !== 'function') return value;
    const decorators = value.fn.decorators.join(' ');
    const self: PyValue | null = decorators.includes('staticmethod') ? null : { kind: 'class', cls: this.cls };
    return this.program.interpreter.callFunction(value.fn, self, [], new Map());
  }

  /** A text attribute: its string, the fallback when absent, a placeholder when not static. */
  text(name: string, fallback: string): string {
    return textOf(this.attribute(name), fallback);
  }

  /** A flag attribute; only a literal True counts, as ComfyUI only honours truthy values it can read. */
  flag(name: string): boolean {
    return flagOf(this.attribute(name));
  }
}

/** The text of a value, the fallback when absent, or its placeholder. */
export function textOf(value: PyValue | undefined, fallback: string): string {
  if (!value) return fallback;
  return value.kind === 'str' ? value.value : placeholder(value);
}

/** True only for a value known to be truthy. */
export function flagOf(value: PyValue | undefined): boolean {
  if (!value) return false;
  if (value.kind === 'bool') return value.value;
  if (value.kind === 'num') return value.value !== 0;
  return false;
}

/** OUTPUT_IS_LIST as booleans, defaulting to one false per output as ComfyUI does. */
export function booleanList(value: PyValue | undefined, outputs: number): boolean[] {
  if (value?.kind === 'list') return value.items.map((item) => flagOf(item));
  return Array.from({ length: outputs }, () => false);
}
