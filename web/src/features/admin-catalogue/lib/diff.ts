/** One changed value between an audit entry's before and after. */
export interface DiffRow {
  /** Dotted path of the value (`status`, `publisher.id`); empty for a whole non-object value. */
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before?: string;
  after?: string;
}

type Flat = Map<string, string>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Lists and objects the database keeps as JSON text are compared as the values they hold. */
function decoded(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

function flatten(raw: unknown, prefix: string, out: Flat): Flat {
  const value = decoded(raw);
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0 && prefix) out.set(prefix, '{}');
    for (const key of keys) flatten(value[key], prefix ? `${prefix}.${key}` : key, out);
  } else if (value !== undefined && value !== null) {
    out.set(prefix, JSON.stringify(value));
  } else if (value === null && prefix) {
    out.set(prefix, 'null');
  }
  return out;
}

/**
 * What changed from `before` to `after` (audit JSON), value by value: objects are compared key by
 * key (nested keys as dotted paths), lists and scalars as whole JSON values; JSON text (how the
 * database keeps lists) is read as its value. Unchanged values are left out.
 */
export function diffJson(before: unknown, after: unknown): DiffRow[] {
  const a = flatten(before, '', new Map());
  const b = flatten(after, '', new Map());
  const paths = [...new Set([...a.keys(), ...b.keys()])].sort();
  const rows: DiffRow[] = [];
  for (const path of paths) {
    const was = a.get(path);
    const now = b.get(path);
    if (was === now) continue;
    if (was === undefined && now !== undefined) rows.push({ path, kind: 'added', after: now });
    else if (now === undefined && was !== undefined) rows.push({ path, kind: 'removed', before: was });
    else if (was !== undefined && now !== undefined) rows.push({ path, kind: 'changed', before: was, after: now });
  }
  return rows;
}
