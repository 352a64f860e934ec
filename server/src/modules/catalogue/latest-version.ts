import type { Kysely, Transaction } from 'kysely';
import semver from 'semver';
import type { Database } from '../../db/schema.js';

/**
 * Re-points `nodes.latest_version_id` at the highest-semver Active version of a pack (or null).
 * Call it in the same transaction as any change to a version's status or a new version.
 * Lists, the node page and install without `?version=` all read this one pointer, so they agree.
 */
export async function refreshLatestVersion(
  db: Kysely<Database> | Transaction<Database>,
  nodeId: string,
): Promise<string | null> {
  const active = await db
    .selectFrom('node_versions')
    .select(['id', 'version'])
    .where('node_id', '=', nodeId)
    .where('status', '=', 'NodeVersionStatusActive')
    .execute();
  const best = pickHighestVersion(active);
  await db
    .updateTable('nodes')
    .set({ latest_version_id: best?.id ?? null })
    .where('id', '=', nodeId)
    .execute();
  return best?.id ?? null;
}

/**
 * Whether `version` would be the pack's newest: no version that still counts (neither deleted nor
 * banned) is higher. Only the newest version's metadata (publish request or pyproject.toml) may
 * update the pack, so an older version published or processed later cannot roll it back.
 */
export async function isNewestVersion(
  db: Kysely<Database> | Transaction<Database>,
  nodeId: string,
  version: string,
): Promise<boolean> {
  const live = await db
    .selectFrom('node_versions')
    .select('version')
    .where('node_id', '=', nodeId)
    .where('status', 'not in', ['NodeVersionStatusDeleted', 'NodeVersionStatusBanned'])
    .execute();
  return live.every((other) => compareVersionsDesc({ version }, other) <= 0);
}

/** The entry with the highest semver version; unparseable versions rank lowest. */
export function pickHighestVersion<T extends { version: string }>(rows: T[]): T | undefined {
  return [...rows].sort(compareVersionsDesc)[0];
}

/** Sort comparator: highest semver first; unparseable strings last, then by text. */
export function compareVersionsDesc(a: { version: string }, b: { version: string }): number {
  const va = semver.valid(a.version);
  const vb = semver.valid(b.version);
  if (va && vb) return semver.rcompare(va, vb);
  if (va) return -1;
  if (vb) return 1;
  return b.version.localeCompare(a.version);
}

/**
 * Normalises a version the way the public registry does (lenient: `v1.2` → `1.2.0`), or returns
 * null when semver cannot make sense of it.
 */
export function normalizeVersion(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed.length === 0 || trimmed.length > 64) return null;
  const strict = semver.valid(trimmed);
  if (strict) return strict;
  const coerced = semver.coerce(trimmed, { includePrerelease: true });
  // coerce() pulls a version out of any text ("abc 1 def"); accept only inputs that are
  // themselves version-shaped: optional v, 1-3 numeric parts, optional pre-release/build.
  if (!coerced || !/^v?\d+(\.\d+){0,2}(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/.test(trimmed)) return null;
  return coerced.version;
}
