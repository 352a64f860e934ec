import type { PyNode } from './parser.js';

const SIMPLE_ESCAPES: Record<string, string> = {
  '\n': '',
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

/** Applies Python's backslash escapes to the body of a non-raw literal. */
export function decodeEscapes(body: string): string {
  return body.replace(
    /\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[0-7]{1,3}|N\{[^}]*\}|[\s\S])/g,
    (whole, code: string) => {
      const simple = SIMPLE_ESCAPES[code];
      if (simple !== undefined) return simple;
      const first = code[0];
      if (first === 'x' || first === 'u' || first === 'U') {
        const point = Number.parseInt(code.slice(1), 16);
        return point <= 0x10ffff ? String.fromCodePoint(point) : whole;
      }
      if (first !== undefined && first >= '0' && first <= '7') return String.fromCharCode(Number.parseInt(code, 8));
      return whole; // unknown escapes (and \N{...}) stay as written, as Python keeps "\d"
    },
  );
}

/** One piece of a string literal: literal text, or an f-string replacement field to evaluate. */
export type StringPart = { text: string } | { field: PyNode };

/**
 * Splits one `string` node into its literal text and replacement fields, with escapes applied.
 * Returns null for byte strings mixed into text and other shapes static reading should not guess.
 */
export function stringParts(node: PyNode): StringPart[] | null {
  const start = node.firstChild;
  if (start?.type !== 'string_start') return null;
  const prefix = start.text.replace(/["']+$/, '').toLowerCase();
  const raw = prefix.includes('r');
  const parts: StringPart[] = [];
  for (const child of node.children) {
    if (!child) continue;
    if (child.type === 'string_content') {
      const text = raw ? child.text : decodeEscapes(child.text);
      parts.push({ text: prefix.includes('f') ? text.replace(/\{\{/g, '{').replace(/\}\}/g, '}') : text });
    } else if (child.type === 'interpolation') {
      parts.push({ field: child });
    }
  }
  return parts;
}

/** The value of a string literal without replacement fields, or null. */
export function literalString(node: PyNode): string | null {
  if (node.type === 'concatenated_string') {
    let out = '';
    for (const part of node.namedChildren) {
      if (!part) return null;
      const text = literalString(part);
      if (text === null) return null;
      out += text;
    }
    return out;
  }
  if (node.type !== 'string') return null;
  const parts = stringParts(node);
  if (!parts) return null;
  let out = '';
  for (const part of parts) {
    if ('field' in part) return null;
    out += part.text;
  }
  return out;
}
