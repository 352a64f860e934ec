import { dict, dictKey, list, NONE, num, type PyValue, str, truthy, unknown } from './values.js';

/** Longest list or string static reading builds, so `[0] * 10**9` cannot exhaust memory. */
export const MAX_ITEMS = 10_000;

/** Items of an iterable value (list items, dict keys, string characters), or null when unknown. */
export function iterate(value: PyValue): PyValue[] | null {
  if (value.kind === 'list') return value.items;
  if (value.kind === 'dict') return value.incomplete ? null : [...value.entries.keys()].map(str);
  if (value.kind === 'str' && value.value.length <= MAX_ITEMS) return [...value.value].map(str);
  return null;
}

/** `left op right` for the operators whose result static reading can know. */
export function binary(op: string, left: PyValue, right: PyValue, text: string): PyValue {
  if (left.kind === 'num' && right.kind === 'num') return arithmetic(op, left.value, right.value, text);
  if (op === '+' && left.kind === 'str' && right.kind === 'str') return str(left.value + right.value);
  if (op === '+' && left.kind === 'list' && right.kind === 'list' && left.tuple === right.tuple) {
    return capped([...left.items, ...right.items], left.tuple, text);
  }
  if (op === '*' && (left.kind === 'list' || left.kind === 'str') && right.kind === 'num') {
    return repeat(left, right.value, text);
  }
  if (op === '|' && left.kind === 'dict' && right.kind === 'dict') {
    return dict(new Map([...left.entries, ...right.entries]), left.incomplete || right.incomplete);
  }
  return unknown(text);
}

function arithmetic(op: string, a: number, b: number, text: string): PyValue {
  switch (op) {
    case '+':
      return num(a + b);
    case '-':
      return num(a - b);
    case '*':
      return num(a * b);
    case '/':
      return b === 0 ? unknown(text) : num(a / b);
    case '//':
      return b === 0 ? unknown(text) : num(Math.floor(a / b));
    case '%':
      return b === 0 ? unknown(text) : num(a - b * Math.floor(a / b));
    case '**':
      return Math.abs(b) > 1024 ? unknown(text) : num(a ** b);
    case '<<':
      return b < 0 || b > 64 ? unknown(text) : num(a * 2 ** b);
    case '>>':
      return b < 0 || b > 64 ? unknown(text) : num(Math.floor(a / 2 ** b));
    default:
      return unknown(text);
  }
}

function capped(items: PyValue[], tuple: boolean, text: string): PyValue {
  return items.length > MAX_ITEMS ? unknown(text) : list(items, tuple);
}

function repeat(value: PyValue, times: number, text: string): PyValue {
  if (!Number.isInteger(times)) return unknown(text);
  const count = Math.max(times, 0);
  // `[] * 10**9` is empty in Python, but the count alone must not size an array here.
  if (count > MAX_ITEMS * 100) return unknown(text);
  if (value.kind === 'str') {
    return value.value.length * count > MAX_ITEMS * 100 ? unknown(text) : str(value.value.repeat(count));
  }
  if (value.kind !== 'list' || value.items.length * count > MAX_ITEMS) return unknown(text);
  return list(Array.from({ length: count }, () => value.items).flat(), value.tuple);
}

/** `a == b`, `a in b` and friends between known scalars; null when static reading cannot tell. */
export function compare(op: string, left: PyValue, right: PyValue): boolean | null {
  const a = scalar(left);
  const b = scalar(right);
  switch (op) {
    case '==':
    case 'is':
      return a === undefined || b === undefined ? null : a === b;
    case '!=':
    case 'is not':
      return a === undefined || b === undefined ? null : a !== b;
    case 'in':
    case 'not in': {
      const items = right.kind === 'str' && left.kind === 'str' ? null : iterate(right);
      let found: boolean | null;
      if (right.kind === 'str' && left.kind === 'str') found = right.value.includes(left.value);
      else if (!items || a === undefined) found = null;
      else if (items.some((i) => scalar(i) === undefined)) found = null;
      else found = items.some((i) => scalar(i) === a);
      return found === null ? null : op === 'in' ? found : !found;
    }
    default:
      return null;
  }
}

function scalar(value: PyValue): string | number | boolean | null | undefined {
  if (value.kind === 'str' || value.kind === 'num' || value.kind === 'bool') return value.value;
  return value.kind === 'none' ? null : undefined;
}

/** Calls of Python built-ins that static reading can answer; null when `name` is not one of them. */
export function builtin(name: string, args: PyValue[], kwargs: Map<string, PyValue>, text: string): PyValue | null {
  const [first, second] = args;
  switch (name) {
    case 'dict': {
      const out = new Map<string, PyValue>();
      if (first?.kind === 'dict') for (const [k, v] of first.entries) out.set(k, v);
      else if (first) {
        const pairs = iterate(first);
        if (!pairs) return unknown(text);
        for (const pair of pairs) {
          const key = pair.kind === 'list' && pair.items[0] ? dictKey(pair.items[0]) : null;
          if (key === null || pair.kind !== 'list' || !pair.items[1]) return unknown(text);
          out.set(key, pair.items[1]);
        }
      }
      for (const [k, v] of kwargs) out.set(k, v);
      return dict(out);
    }
    case 'list':
    case 'tuple':
    case 'set':
    case 'frozenset':
    case 'sorted':
    case 'reversed': {
      const items = first ? iterate(first) : [];
      if (!items) return unknown(text);
      let out = [...items];
      if (name === 'sorted') out = sortValues(out) ?? out;
      if (name === 'reversed') out.reverse();
      return list(out, name === 'tuple');
    }
    case 'len': {
      const items = first ? iterate(first) : null;
      return items ? num(items.length) : unknown(text);
    }
    case 'str':
      return first?.kind === 'str' ? first : first?.kind === 'num' ? str(String(first.value)) : unknown(text);
    case 'int':
      return first?.kind === 'num' ? num(Math.trunc(first.value)) : unknown(text);
    case 'float':
      return first?.kind === 'num' ? first : unknown(text);
    case 'bool': {
      const t = first ? truthy(first) : false;
      return t === null ? unknown(text) : { kind: 'bool', value: t };
    }
    case 'range':
      return range(args, text);
    case 'zip': {
      const lists = args.map(iterate);
      if (lists.some((l) => l === null)) return unknown(text);
      const length = lists.length === 0 ? 0 : Math.min(...lists.map((l) => l?.length ?? 0));
      return list(
        Array.from({ length }, (_, i) =>
          list(
            lists.map((l) => l?.[i] ?? NONE),
            true,
          ),
        ),
      );
    }
    case 'enumerate': {
      const items = first ? iterate(first) : null;
      const start = second?.kind === 'num' ? second.value : 0;
      return items ? list(items.map((item, i) => list([num(i + start), item], true))) : unknown(text);
    }
    default:
      return null;
  }
}

function range(args: PyValue[], text: string): PyValue {
  const n = args.map((a) => (a.kind === 'num' && Number.isInteger(a.value) ? a.value : Number.NaN));
  if (n.length === 0 || n.some(Number.isNaN)) return unknown(text);
  const [start, stop, step] = n.length === 1 ? [0, n[0] ?? 0, 1] : [n[0] ?? 0, n[1] ?? 0, n[2] ?? 1];
  if (step === 0 || Math.abs((stop - start) / step) > MAX_ITEMS) return unknown(text);
  const out: PyValue[] = [];
  for (let i = start; step > 0 ? i < stop : i > stop; i += step) out.push(num(i));
  return list(out);
}

function sortValues(items: PyValue[]): PyValue[] | null {
  if (items.every((i) => i.kind === 'str')) {
    return [...items].sort((a, b) => ((a as { value: string }).value < (b as { value: string }).value ? -1 : 1));
  }
  if (items.every((i) => i.kind === 'num')) {
    return [...items].sort((a, b) => (a as { value: number }).value - (b as { value: number }).value);
  }
  return null;
}
