/**
 * Node (pack) id rules of the public registry (reference/registry-api.md §4.1), with its exact
 * messages. Creating a pack and publishing a new one must both use this function.
 */

export const NODE_ID_MAX_LENGTH = 100;

export const NODE_ID_PATTERN = /^[a-zA-Z0-9](?:[a-zA-Z0-9._-]*[a-zA-Z0-9])?$/;
const EDGE_CHARACTERS = /^[._-]|[._-]$/;

export const NODE_ID_REQUIRED = 'node id is required';
export const NODE_ID_LENGTH = `node id must be between 1 and ${NODE_ID_MAX_LENGTH} characters`;
export const NODE_ID_EDGES = 'node id must not start or end with an underscore, hyphen, or period';
export const NODE_ID_CHARACTERS =
  'node id can only contain ASCII letters, digits, underscores, hyphens, and periods, and must not have invalid sequences';

/** Why `id` cannot name a new pack, or null when it can. Uniqueness is checked separately. */
export function nodeIdProblem(id: string | undefined): string | null {
  if (id === undefined) return NODE_ID_REQUIRED;
  if (id.length < 1 || id.length > NODE_ID_MAX_LENGTH) return NODE_ID_LENGTH;
  if (EDGE_CHARACTERS.test(id)) return NODE_ID_EDGES;
  if (!NODE_ID_PATTERN.test(id)) return NODE_ID_CHARACTERS;
  return null;
}

/** The key that makes ids unique regardless of case. */
export function normalizeNodeId(id: string): string {
  return id.toLowerCase();
}
