import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { compareVersionsDesc, pickHighestVersion } from '../../lib/versions.js';

// The version rules themselves know no packs; the kernel's readers of them import them from here.
export { compareVersionsDesc, normalizeVersion, pickHighestVersion } from '../../lib/versions.js';

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
