import type { PyNode } from './parser.js';

/** A class statement found in the pack. */
export interface ClassInfo {
  name: string;
  /** Archive path of the module that defines it. */
  modulePath: string;
  node: PyNode;
}

/** A `def` found in the pack, possibly a method of `owner`. */
export interface FunctionInfo {
  name: string;
  modulePath: string;
  node: PyNode;
  owner: ClassInfo | null;
  decorators: string[];
}

/**
 * What static reading knows about a Python value. Anything that would need running code to know
 * ends up as `unknown` (or as a symbolic `ref`/`attr`/`call` on something outside the pack), and
 * is shown as a placeholder, never evaluated.
 */
export type PyValue =
  | { kind: 'str'; value: string }
  | { kind: 'num'; value: number }
  | { kind: 'bool'; value: boolean }
  | { kind: 'none' }
  | { kind: 'list'; items: PyValue[]; tuple: boolean }
  | { kind: 'dict'; entries: Map<string, PyValue>; incomplete: boolean }
  | { kind: 'class'; cls: ClassInfo }
  | { kind: 'instance'; cls: ClassInfo }
  | { kind: 'function'; fn: FunctionInfo }
  | { kind: 'bound'; fn: FunctionInfo; self: PyValue }
  | { kind: 'super'; cls: ClassInfo; self: PyValue }
  | { kind: 'module'; path: string }
  /** A name from outside the pack (`io`, `folder_paths`), with the module it was imported from. */
  | { kind: 'ref'; name: string; origin: string }
  | { kind: 'attr'; object: PyValue; name: string; text: string }
  | { kind: 'call'; callee: PyValue; args: PyValue[]; kwargs: Map<string, PyValue>; text: string }
  | { kind: 'unknown'; text: string };

/** JSON as stored for INPUT_TYPES, RETURN_TYPES and friends. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const PLACEHOLDER_CHARS = 120;

export const NONE: PyValue = { kind: 'none' };
export const str = (value: string): PyValue => ({ kind: 'str', value });
export const num = (value: number): PyValue => ({ kind: 'num', value });
export const unknown = (text: string): PyValue => ({ kind: 'unknown', text });
export const list = (items: PyValue[], tuple = false): PyValue => ({ kind: 'list', items, tuple });
/** A dict value; `incomplete` marks one that also holds entries static reading could not see. */
export type DictValue = Extract<PyValue, { kind: 'dict' }>;
export const dict = (entries = new Map<string, PyValue>(), incomplete = false): DictValue => ({
  kind: 'dict',
  entries,
  incomplete,
});

/** The source text an unresolved value stands for, shortened for display. */
export function describe(value: PyValue): string {
  switch (value.kind) {
    case 'ref':
      return value.name;
    case 'attr':
    case 'call':
    case 'unknown':
      return value.text;
    case 'class':
    case 'instance':
      return value.cls.name;
    case 'function':
    case 'bound':
      return value.fn.name;
    case 'module':
      return value.path;
    default:
      return JSON.stringify(toJson(value));
  }
}

/** The placeholder shown where a value could not be read statically. */
export function placeholder(value: PyValue): string {
  const text = describe(value).replace(/\s+/g, ' ').trim();
  return `<dynamic: ${text.length > PLACEHOLDER_CHARS ? `${text.slice(0, PLACEHOLDER_CHARS)}...` : text}>`;
}

/** Converts to JSON the way Python's json module would, with placeholders for what is unknown. */
export function toJson(value: PyValue): Json {
  switch (value.kind) {
    case 'str':
      return value.value;
    case 'num':
      return Number.isFinite(value.value) ? value.value : String(value.value);
    case 'bool':
      return value.value;
    case 'none':
      return null;
    case 'list':
      return value.items.map(toJson);
    case 'dict': {
      const out: Record<string, Json> = {};
      for (const [key, item] of value.entries) out[key] = toJson(item);
      return out;
    }
    default:
      return placeholder(value);
  }
}

/** The key a value gets in a JSON object, as json.dumps writes it; null when it cannot be known. */
export function dictKey(value: PyValue): string | null {
  switch (value.kind) {
    case 'str':
      return value.value;
    case 'num':
      return String(value.value);
    case 'bool':
      return value.value ? 'true' : 'false';
    case 'none':
      return 'null';
    default:
      return null;
  }
}

/** The string a value holds, or null. */
export function asString(value: PyValue | undefined): string | null {
  return value?.kind === 'str' ? value.value : null;
}

/** Python truthiness when it can be known statically. */
export function truthy(value: PyValue): boolean | null {
  switch (value.kind) {
    case 'str':
      return value.value.length > 0;
    case 'num':
      return value.value !== 0;
    case 'bool':
      return value.value;
    case 'none':
      return false;
    case 'list':
      return value.items.length > 0;
    case 'dict':
      return value.incomplete ? null : value.entries.size > 0;
    case 'class':
    case 'function':
    case 'module':
      return true;
    default:
      return null;
  }
}

/** A deep copy, so a value read from one class cannot be changed through another. */
export function clone(value: PyValue): PyValue {
  if (value.kind === 'list') return { ...value, items: value.items.map(clone) };
  if (value.kind === 'dict') {
    return { ...value, entries: new Map([...value.entries].map(([k, v]) => [k, clone(v)])) };
  }
  return value;
}
