import semver from 'semver';

/** Version strings as the registry orders and normalises them (semver, leniently read). */

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
