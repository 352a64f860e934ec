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
export const PUBLISHER_ID_TOO_LONG_MESSAGE = `Publisher ID must be at most ${PUBLISHER_ID_MAX_LENGTH} characters.`;

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
