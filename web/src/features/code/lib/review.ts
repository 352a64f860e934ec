/** A version as the review screen needs it. */
interface ListedVersion {
  version: string;
  status: string;
  createdAt: string;
}

/**
 * The version a held one is reviewed against: the newest Active version published before it, or
 * null when none was approved before (the reviewer then reads the whole version).
 */
export function lastApprovedBefore(list: readonly ListedVersion[], version: string): string | null {
  const target = list.find((v) => v.version === version);
  if (!target) return null;
  const earlier = list
    .filter((v) => v.status === 'NodeVersionStatusActive' && v.version !== version && v.createdAt < target.createdAt)
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
  return earlier[0]?.version ?? null;
}
