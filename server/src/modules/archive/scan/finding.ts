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
