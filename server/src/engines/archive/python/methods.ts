import { iterate, MAX_ITEMS } from './operations.js';
import { asString, type DictValue, dict, dictKey, list, NONE, type PyValue, str, unknown } from './values.js';

/**
 * Methods of dicts, lists and strings that packs use to build their mappings and input
 * definitions. Mutating methods change the value in place, as Python does, so a mapping
 * imported by another module sees later `.update()` calls. Returns null when not handled.
 */
export function callMethod(
  target: PyValue,
  name: string,
  args: PyValue[],
  kwargs: Map<string, PyValue>,
  text: string,
): PyValue | null {
  if (target.kind === 'dict') return dictMethod(target, name, args, kwargs, text);
  if (target.kind === 'list') return listMethod(target, name, args, text);
  if (target.kind === 'str') return stringMethod(target.value, name, args, kwargs, text);
  return null;
}

function dictMethod(
  target: DictValue,
  name: string,
  args: PyValue[],
  kwargs: Map<string, PyValue>,
  text: string,
): PyValue | null {
  const [first, second] = args;
  switch (name) {
    case 'update': {
      if (first?.kind === 'dict') {
        for (const [k, v] of first.entries) target.entries.set(k, v);
        if (first.incomplete) target.incomplete = true;
      } else if (first) {
        target.incomplete = true;
      }
      for (const [k, v] of kwargs) target.entries.set(k, v);
      return NONE;
    }
    case 'setdefault': {
      const key = first ? dictKey(first) : null;
      if (key === null) {
        target.incomplete = true;
        return unknown(text);
      }
      if (!target.entries.has(key)) target.entries.set(key, second ?? NONE);
      return target.entries.get(key) ?? NONE;
    }
    case 'get': {
      const key = first ? dictKey(first) : null;
      if (key === null) return unknown(text);
      return target.entries.get(key) ?? (target.incomplete ? unknown(text) : (second ?? NONE));
    }
    case 'pop': {
      const key = first ? dictKey(first) : null;
      if (key === null) return unknown(text);
      const value = target.entries.get(key) ?? second ?? unknown(text);
      target.entries.delete(key);
      return value;
    }
    case 'keys':
      return target.incomplete ? unknown(text) : list([...target.entries.keys()].map(str));
    case 'values':
      return target.incomplete ? unknown(text) : list([...target.entries.values()]);
    case 'items':
      return target.incomplete ? unknown(text) : list([...target.entries].map(([k, v]) => list([str(k), v], true)));
    case 'copy':
      return dict(new Map(target.entries), target.incomplete);
    default:
      return null;
  }
}

function listMethod(target: Extract<PyValue, { kind: 'list' }>, name: string, args: PyValue[], text: string) {
  const [first] = args;
  switch (name) {
    case 'append':
      if (first && target.items.length < MAX_ITEMS) target.items.push(first);
      return NONE;
    case 'extend': {
      const items = first ? iterate(first) : null;
      if (items && target.items.length + items.length <= MAX_ITEMS) target.items.push(...items);
      else target.items.push(unknown(text));
      return NONE;
    }
    case 'copy':
      return list([...target.items], target.tuple);
    default:
      return null;
  }
}

function stringMethod(
  value: string,
  name: string,
  args: PyValue[],
  kwargs: Map<string, PyValue>,
  text: string,
): PyValue | null {
  const [first, second] = args;
  const a = asString(first);
  switch (name) {
    case 'upper':
      return str(value.toUpperCase());
    case 'lower':
      return str(value.toLowerCase());
    case 'strip':
      return str(a === null ? value.trim() : trimChars(value, a));
    case 'replace': {
      const b = asString(second);
      return a === null || b === null ? unknown(text) : str(value.split(a).join(b));
    }
    case 'join': {
      const items = first ? iterate(first) : null;
      const parts = items?.map(asString);
      return parts?.every((p) => p !== null) ? str(parts.join(value)) : unknown(text);
    }
    case 'split': {
      if (a === null && first) return unknown(text);
      const parts = a === null ? value.trim().split(/\s+/).filter(Boolean) : value.split(a);
      return list(parts.map(str));
    }
    case 'format':
      return formatString(value, args, kwargs, text);
    case 'startswith':
      return a === null ? unknown(text) : { kind: 'bool', value: value.startsWith(a) };
    case 'endswith':
      return a === null ? unknown(text) : { kind: 'bool', value: value.endsWith(a) };
    default:
      return null;
  }
}

function trimChars(value: string, chars: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && chars.includes(value[start] ?? '')) start++;
  while (end > start && chars.includes(value[end - 1] ?? '')) end--;
  return value.slice(start, end);
}

/**
 * `'{} ({})'.format(a, b)`: automatic, numbered and named fields filled with known strings and
 * numbers; unknown when a field has a conversion or format spec, or its value is not known.
 */
function formatString(template: string, args: PyValue[], kwargs: Map<string, PyValue>, text: string): PyValue {
  let auto = 0;
  let failed = false;
  const out = template.replace(/\{\{|\}\}|\{([^{}]*)\}/g, (whole, field: string | undefined) => {
    if (whole === '{{') return '{';
    if (whole === '}}') return '}';
    if (field === undefined || /[!:]/.test(field)) {
      failed = true;
      return '';
    }
    const value = field === '' ? args[auto++] : /^\d+$/.test(field) ? args[Number(field)] : kwargs.get(field);
    if (value?.kind === 'str') return value.value;
    if (value?.kind === 'num') return String(value.value);
    failed = true;
    return '';
  });
  return failed ? unknown(text) : str(out);
}
