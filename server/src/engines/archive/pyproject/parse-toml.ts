import { parse, TomlError } from 'smol-toml';
import { rejected } from '../rejections.js';

/** A TOML table as smol-toml returns it. */
export type TomlTable = Record<string, unknown>;

/**
 * Decodes pyproject.toml the way comfy-cli reads it (UTF-8, a leading byte-order mark allowed)
 * and parses it; a syntax error names the parser's line and column for the publisher.
 */
export function parsePyproject(bytes: Buffer): { ok: true; table: TomlTable } | { ok: false; reason: string } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return rejected('archive.pyproject_not_utf8');
  }
  try {
    return { ok: true, table: parse(text) };
  } catch (error) {
    if (error instanceof TomlError) {
      const summary = (error.message.split('\n')[0] ?? '').replace(/^Invalid TOML document: /, '');
      return rejected('archive.pyproject_syntax', { detail: summary, line: error.line, column: error.column });
    }
    return rejected('archive.pyproject_invalid', { detail: (error as Error).message });
  }
}

/** The value at `key` when it is a table, else an empty one. */
export function tableAt(table: TomlTable, key: string): TomlTable {
  const value = table[key];
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)
    ? (value as TomlTable)
    : {};
}

/** The value at `key` when it is a string, else an empty string. */
export function stringAt(table: TomlTable, key: string): string {
  const value = table[key];
  return typeof value === 'string' ? value : '';
}

/** The strings of the array at `key`; other items and other types are ignored. */
export function stringsAt(table: TomlTable, key: string): string[] {
  const value = table[key];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
