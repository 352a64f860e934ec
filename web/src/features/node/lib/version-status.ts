import type { components } from '../../../api/schema.gen';
import { readReason } from '../../../lib/catalogue/system-reasons';

type VersionStatus = components['schemas']['NodeVersion']['status'];

/** The badge a version shows: its label key (in the `node` namespace) and colour. */
export interface StatusBadge {
  key: 'live' | 'pending' | 'flagged' | 'rejected' | 'deprecated' | 'deleted';
  tone: 'green' | 'amber' | 'orange' | 'red' | 'slate';
}

const byStatus: Record<VersionStatus, StatusBadge> = {
  NodeVersionStatusActive: { key: 'live', tone: 'green' },
  NodeVersionStatusPending: { key: 'pending', tone: 'amber' },
  NodeVersionStatusFlagged: { key: 'flagged', tone: 'orange' },
  NodeVersionStatusBanned: { key: 'rejected', tone: 'red' },
  NodeVersionStatusDeleted: { key: 'deleted', tone: 'slate' },
};

/**
 * The badge of a version: a deprecated version that is otherwise live shows "Deprecated";
 * every other status keeps its own badge (a deprecated version under review is still "Pending").
 */
export function versionBadge(version: { status: VersionStatus; deprecated: boolean }): StatusBadge {
  if (version.deprecated && version.status === 'NodeVersionStatusActive') return { key: 'deprecated', tone: 'slate' };
  return byStatus[version.status];
}

/**
 * Every badge a version shows: its own, and "Deprecated" beside it when a deprecated version's
 * review state matters (pending, flagged, ...) and so took the first badge.
 */
export function versionBadges(version: { status: VersionStatus; deprecated: boolean }): StatusBadge[] {
  const badge = versionBadge(version);
  return version.deprecated && badge.key !== 'deprecated' ? [badge, { key: 'deprecated', tone: 'slate' }] : [badge];
}

/**
 * The version the picker opens on when the address names none: the pack's installable latest
 * version, else the newest live one, else the newest that can still be downloaded, else the
 * newest of all. A held, rejected or deleted version never wins over one people can install.
 */
export function initialVersion<T extends { version: string; status: VersionStatus; downloadUrl: string }>(
  versions: T[],
  latest: string | undefined,
): T | undefined {
  return (
    versions.find((v) => latest !== undefined && v.version === latest && v.status === 'NodeVersionStatusActive') ??
    versions.find((v) => v.status === 'NodeVersionStatusActive') ??
    versions.find(isDownloadable) ??
    versions[0]
  );
}

/**
 * Why installing a version deserves a warning: not reviewed yet (a pending version with an
 * archive installs by its exact number), or deprecated by its publisher. Null when neither.
 * Flagged, rejected and deleted versions get no install command at all.
 */
export function installWarning(version: {
  status: VersionStatus;
  deprecated: boolean;
}): 'deprecated' | 'pending' | null {
  if (version.status === 'NodeVersionStatusPending') return 'pending';
  if (version.deprecated) return 'deprecated';
  return null;
}

/** Tailwind classes of each badge colour, light and dark. */
export const toneClasses: Record<StatusBadge['tone'], string> = {
  green: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100',
  amber: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  orange: 'bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-100',
  red: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
  slate: 'bg-slate-200 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
};

/** Whether a version's archive may be downloaded (the install endpoint serves only these). */
export function isDownloadable(version: { status: VersionStatus; downloadUrl: string }): boolean {
  return (
    version.downloadUrl !== '' &&
    (version.status === 'NodeVersionStatusActive' || version.status === 'NodeVersionStatusPending')
  );
}

/**
 * A status reason in words for visitors: the registry's own reasons in the reader's language
 * (`t` of the `common` namespace), a reviewer's note as written, and nothing for the scanner's
 * findings or an undo, which only the admin review screens explain.
 */
export function publicReason(reason: string | undefined, t: (key: string, options?: Record<string, string>) => string) {
  const read = readReason(reason ?? '');
  switch (read.kind) {
    case 'text':
      return isJsonObject(read.text) ? null : read.text.trim();
    case 'passed':
    case 'awaitingReview':
      return t(`reasons.${read.kind}`);
    case 'rejected':
    case 'notPublished':
      return t(`reasons.${read.kind}`, { detail: read.detail });
    default:
      return null;
  }
}

function isJsonObject(text: string): boolean {
  if (!text.trim().startsWith('{')) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
