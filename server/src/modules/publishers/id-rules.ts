import { type HttpError, withCode } from '../../lib/errors.js';

/**
 * The one validator of publisher ids, shared by `GET /publishers/validate`, `POST /publishers`
 * and `registry create-publisher`, so the three can never disagree.
 */

/** Longest publisher id accepted; ids appear in URLs and archive paths. */
export const PUBLISHER_ID_MAX_LENGTH = 64;

const PUBLISHER_ID_PATTERN = /^[a-z][a-z0-9-]*$/;

/** The public registry's wording, which the web app shows as-is under the id field. */
export const PUBLISHER_ID_PATTERN_MESSAGE =
  'Must start with a lowercase letter and can only contain lowercase letters, digits, and hyphens.';

export const PUBLISHER_ID_REQUIRED_MESSAGE = 'Username parameter is required';
export const PUBLISHER_ID_TAKEN_MESSAGE = 'Publisher ID already exists.';
export const PUBLISHER_ID_RESERVED_MESSAGE = 'Publisher IDs "admin" and "admin-..." are reserved.';
export const PUBLISHER_ID_RETIRED_MESSAGE =
  'This publisher ID belonged to a deleted publisher and stays reserved, so nobody can pass for it.';
export const PUBLISHER_ID_TOO_LONG_MESSAGE = `Publisher ID must be at most ${PUBLISHER_ID_MAX_LENGTH} characters.`;

/** The stable code of each problem above, for clients that word it in their reader's language. */
export const PUBLISHER_ID_PROBLEM_CODES: Record<string, string> = {
  [PUBLISHER_ID_REQUIRED_MESSAGE]: 'publisher.id_required',
  [PUBLISHER_ID_TOO_LONG_MESSAGE]: 'publisher.id_too_long',
  [PUBLISHER_ID_PATTERN_MESSAGE]: 'publisher.id_pattern',
  [PUBLISHER_ID_RESERVED_MESSAGE]: 'publisher.id_reserved',
  [PUBLISHER_ID_TAKEN_MESSAGE]: 'publisher.id_taken',
  [PUBLISHER_ID_RETIRED_MESSAGE]: 'publisher.id_retired',
};

/** A 400 or 409 for a publisher id problem, carrying its code (and the length limit). */
export function publisherIdError<E extends HttpError>(error: E): E {
  const code = PUBLISHER_ID_PROBLEM_CODES[error.message];
  return code ? withCode(error, code, { max: PUBLISHER_ID_MAX_LENGTH }) : error;
}

/**
 * Why an id cannot be used as a new publisher's id, or null when its form is fine (whether it
 * is still free is a database question). `admin` and `admin-*` are reserved: the registry's
 * own unclaimed-packs publisher lives there.
 */
export function publisherIdProblem(id: string): string | null {
  if (id.length === 0) return PUBLISHER_ID_REQUIRED_MESSAGE;
  if (id.length > PUBLISHER_ID_MAX_LENGTH) return PUBLISHER_ID_TOO_LONG_MESSAGE;
  if (!PUBLISHER_ID_PATTERN.test(id)) return PUBLISHER_ID_PATTERN_MESSAGE;
  if (id === 'admin' || id.startsWith('admin-')) return PUBLISHER_ID_RESERVED_MESSAGE;
  return null;
}
