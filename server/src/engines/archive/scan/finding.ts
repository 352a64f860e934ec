import type { ScanFinding } from '../types.js';
import { type FindingContext, gradeFinding } from './policy.js';

/** Longest code snippet stored with a finding. */
const SNIPPET_CHARS = 200;

type FindingFields = Omit<ScanFinding, 'code_snippet' | 'line_number' | 'grade' | 'label' | 'context' | 'column'> & {
  line: number;
  snippet: string;
  /** Where the code runs; decides, with the rule's policy, whether the finding holds the version. */
  context?: FindingContext;
  /** 1-based column of the match, for long lines (minified JavaScript). */
  column?: number;
};

/**
 * Builds a finding, trimming the snippet to one readable line of at most 200 characters and
 * stamping the grade and label its rule's policy gives it (scan/policy.ts).
 */
export function finding(fields: FindingFields): ScanFinding {
  const { line, snippet, context, column, ...rest } = fields;
  const flat = snippet.replace(/\s+/g, ' ').trim();
  const { grade, label } = gradeFinding(rest.issue_type, context);
  return {
    issue_type: rest.issue_type,
    file_path: rest.file_path,
    line_number: line,
    ...(column !== undefined ? { column } : {}),
    code_snippet: flat.length > SNIPPET_CHARS ? `${flat.slice(0, SNIPPET_CHARS - 3)}...` : flat,
    message: rest.message,
    scanner: rest.scanner,
    severity: rest.severity,
    grade,
    ...(label ? { label } : {}),
    ...(context ? { context } : {}),
  };
}

/** Characters of context kept on each side of a match in an excerpt. */
const EXCERPT_SIDE = 60;

/**
 * Where a match sits in a file and what to show of it: 1-based line and column, and the match
 * with a little of its line on each side. Minified bundles put a whole library on one line; the
 * excerpt shows what matched instead of the line's first 200 characters.
 */
export function locate(text: string, index: number, length: number): { line: number; column: number; snippet: string } {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  let line = 1;
  for (let at = text.indexOf('\n'); at >= 0 && at < index; at = text.indexOf('\n', at + 1)) line += 1;
  const lineEnd = text.indexOf('\n', index + length);
  const end = lineEnd < 0 ? text.length : lineEnd;
  const from = Math.max(lineStart, index - EXCERPT_SIDE);
  const to = Math.min(end, index + Math.min(length, SNIPPET_CHARS - 2 * EXCERPT_SIDE) + EXCERPT_SIDE);
  const head = from > lineStart ? '…' : '';
  const tail = to < end ? '…' : '';
  return { line, column: index - lineStart + 1, snippet: `${head}${text.slice(from, to).trim()}${tail}` };
}
