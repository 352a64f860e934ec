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
  | { kind: 'findings'; count: number }
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
      if (Array.isArray(parsed)) return { kind: 'findings', count: parsed.length };
    } catch {
      // Not JSON after all: a person's words.
    }
  }
  return { kind: 'text', text: reason };
}
