import type { ScanFinding } from '../types.js';

/** Longest code snippet stored with a finding. */
const SNIPPET_CHARS = 200;

/** Builds a finding, trimming the snippet to one readable line of at most 200 characters. */
export function finding(
  fields: Omit<ScanFinding, 'code_snippet' | 'line_number'> & { line: number; snippet: string },
): ScanFinding {
  const { line, snippet, ...rest } = fields;
  const flat = snippet.replace(/\s+/g, ' ').trim();
  return {
    issue_type: rest.issue_type,
    file_path: rest.file_path,
    line_number: line,
    code_snippet: flat.length > SNIPPET_CHARS ? `${flat.slice(0, SNIPPET_CHARS - 3)}...` : flat,
    message: rest.message,
    scanner: rest.scanner,
    severity: rest.severity,
  };
}
