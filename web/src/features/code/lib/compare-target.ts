import type { components } from '../../../api/schema.gen';
import { readReason } from '../../../lib/catalogue/system-reasons';

type VersionStatus = components['schemas']['NodeVersion']['status'];

interface ListedVersion {
  version: string;
  status: VersionStatus;
  status_reason?: string;
  downloadUrl: string;
}

export interface Reader {
  /** The pack is active (every version of a banned pack is withheld from the public). */
  packActive: boolean;
  /** The reader manages the pack (its publisher's members who may edit, and admins). */
  managesPack: boolean;
}

/**
 * Whether anyone may read a version's files: the server's archive rule, installable versions
 * (Active, or Pending and not held for review) of an active pack.
 */
function isPublic(version: ListedVersion, packActive: boolean): boolean {
  if (!packActive) return false;
  if (version.status === 'NodeVersionStatusActive') return true;
  return (
    version.status === 'NodeVersionStatusPending' && readReason(version.status_reason ?? '').kind !== 'awaitingReview'
  );
}

/**
 * The version a version's files page offers to compare with: the nearest older one (in a
 * newest-first list) that has an archive and that this reader may read, so the link never leads
 * to a refusal. Null when there is none.
 */
export function compareTarget(list: readonly ListedVersion[], version: string, reader: Reader): string | null {
  const at = list.findIndex((v) => v.version === version);
  if (at === -1) return null;
  const older = list
    .slice(at + 1)
    .find(
      (v) =>
        v.downloadUrl !== '' &&
        v.status !== 'NodeVersionStatusDeleted' &&
        (reader.managesPack || isPublic(v, reader.packActive)),
    );
  return older?.version ?? null;
}
