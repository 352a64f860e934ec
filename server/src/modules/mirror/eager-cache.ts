import type { AppContext } from '../../context.js';
import { archiveKey } from '../../engines/storage/blob-store.js';
import { cacheUpstreamArchive, findUncachedArchive } from './archive-cache.js';

/** Bytes taken by archives cached from the upstream. */
async function cachedUpstreamBytes(ctx: AppContext): Promise<number> {
  const row = await ctx.db
    .selectFrom('storage_files')
    .innerJoin('node_versions', 'node_versions.storage_file_id', 'storage_files.id')
    .select((eb) => eb.fn.sum<number | string | null>('storage_files.size_bytes').as('bytes'))
    .where('node_versions.upstream_archive_url', '!=', '')
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/**
 * `UPSTREAM_CACHE=eager`: fetches the archives of mirrored Active versions not cached yet, newest
 * packs' latest versions first, one at a time, until the cached upstream archives reach
 * UPSTREAM_CACHE_MAX_BYTES. A failed fetch is logged and skipped (the next sync tries again).
 * Returns how many archives were cached.
 */
export async function cacheEagerly(
  ctx: AppContext,
  log: { warn(obj: object, msg: string): void },
  signal?: AbortSignal,
): Promise<number> {
  const cap = ctx.config.upstream.UPSTREAM_CACHE_MAX_BYTES;
  let bytes = await cachedUpstreamBytes(ctx);
  let cached = 0;
  const candidates = await ctx.db
    .selectFrom('node_versions')
    .innerJoin('nodes', 'nodes.id', 'node_versions.node_id')
    .select(['node_versions.publisher_id', 'node_versions.node_id', 'node_versions.version'])
    .select((eb) => eb('nodes.latest_version_id', '=', eb.ref('node_versions.id')).as('is_latest'))
    .where('node_versions.upstream_archive_url', '!=', '')
    .where('node_versions.storage_file_id', 'is', null)
    .where('node_versions.status', '=', 'NodeVersionStatusActive')
    .where('nodes.status', '=', 'NodeStatusActive')
    .execute();
  // Latest versions first: they are what installs without `?version=` ask for.
  candidates.sort((a, b) => Number(Boolean(b.is_latest)) - Number(Boolean(a.is_latest)));
  for (const version of candidates) {
    if (signal?.aborted || bytes >= cap) break;
    const target = await findUncachedArchive(
      ctx.db,
      archiveKey(version.publisher_id, version.node_id, version.version),
    );
    if (!target) continue;
    try {
      if (await cacheUpstreamArchive(ctx, target, log)) cached++;
    } catch (error) {
      log.warn({ key: target.key, err: error }, 'eager cache: archive not fetched');
    }
    bytes = await cachedUpstreamBytes(ctx);
  }
  return cached;
}
