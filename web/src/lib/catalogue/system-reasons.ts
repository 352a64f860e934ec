/**
 * Reasons the registry itself writes on a version's status (see the server's pipeline/outcome.ts
 * and the admin undo), read back into something each screen can say in the reader's language.
 * Anything else is what a person typed, shown as written.
 */
export type SystemReason =
  | { kind: 'none' }
  | { kind: 'passed' }
  | { kind: 'awaitingReview' }
  | { kind: 'rejected'; detail: string }
  | { kind: 'notPublished'; detail: string }
  | { kind: 'undo'; status: string }
  | { kind: 'findings'; count: number; places: string[] }
  | { kind: 'text'; text: string };

const PASSED = 'Passed automated checks';
const AWAITING_REVIEW = 'Passed automated checks; waiting for review by an administrator';
const REJECTED_PREFIX = 'Archive rejected: ';
const NOT_PUBLISHED_PREFIX = 'Not published: ';
const UNDO = /^undo of the change to (\w+)$/;

export function readReason(reason: string): SystemReason {
  const text = reason.trim();
  if (!text) return { kind: 'none' };
  if (text === PASSED) return { kind: 'passed' };
  if (text === AWAITING_REVIEW) return { kind: 'awaitingReview' };
  if (text.startsWith(REJECTED_PREFIX)) return { kind: 'rejected', detail: text.slice(REJECTED_PREFIX.length) };
  if (text.startsWith(NOT_PUBLISHED_PREFIX)) {
    return { kind: 'notPublished', detail: text.slice(NOT_PUBLISHED_PREFIX.length) };
  }
  const undo = UNDO.exec(text);
  if (undo) return { kind: 'undo', status: undo[1] as string };
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return { kind: 'findings', count: parsed.length, places: findingPlaces(parsed) };
    } catch {
      // Not JSON after all: a person's words.
    }
  }
  return { kind: 'text', text: reason };
}

/**
 * Where each finding of a stored list points (`file:line`), whatever the scanner version that
 * wrote it called those fields; entries without a file are left out. Shown instead of the JSON.
 */
function findingPlaces(entries: unknown[]): string[] {
  const places: string[] = [];
  for (const entry of entries) {
    if (typeof entry !== 'object' || entry === null) continue;
    const fields = entry as Record<string, unknown>;
    const file = [fields.file_path, fields.file, fields.filename, fields.path].find(
      (value): value is string => typeof value === 'string' && value !== '',
    );
    if (!file) continue;
    const line = [fields.line_number, fields.line].find((value): value is number => typeof value === 'number');
    places.push(line === undefined ? file : `${file}:${line}`);
  }
  return places;
}
