import type { NodeVersionStatus } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';

/** Every version status, as the API spells it. */
export const VERSION_STATUSES: readonly NodeVersionStatus[] = [
  'NodeVersionStatusActive',
  'NodeVersionStatusPending',
  'NodeVersionStatusFlagged',
  'NodeVersionStatusBanned',
  'NodeVersionStatusDeleted',
];

/**
 * Deleted versions are gone from the publisher's point of view, so listings leave them out unless
 * `statuses` names them; every other status shows by default (as on the public registry).
 */
export const DEFAULT_LISTED_STATUSES: readonly NodeVersionStatus[] = VERSION_STATUSES.filter(
  (s) => s !== 'NodeVersionStatusDeleted',
);

/** The `statuses` filter: the default set when absent, 400 naming the valid values when unknown. */
export function parseStatuses(values: string[] | undefined): NodeVersionStatus[] {
  if (!values || values.length === 0) return [...DEFAULT_LISTED_STATUSES];
  const unknown = values.filter((v) => !VERSION_STATUSES.includes(v as NodeVersionStatus));
  if (unknown.length > 0) {
    throw badRequest(`Invalid statuses: ${unknown.join(', ')}`, `valid statuses: ${VERSION_STATUSES.join(', ')}`);
  }
  return [...new Set(values as NodeVersionStatus[])].sort();
}

/**
 * The `statuses` filter of the public version lists: as the public registry does, a value that
 * names no status matches no version (instead of a 400), so `statuses=Foo` lists nothing and
 * `statuses=Foo&statuses=NodeVersionStatusActive` lists the active ones.
 */
export function statusFilter(values: string[] | undefined): NodeVersionStatus[] {
  if (!values || values.length === 0) return [...DEFAULT_LISTED_STATUSES];
  const known = VERSION_STATUSES.filter((status) => values.includes(status));
  return [...known].sort();
}
