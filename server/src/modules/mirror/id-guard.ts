import type { Kysely } from 'kysely';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/schema.js';
import { conflict, serviceUnavailable, withCode } from '../../lib/errors.js';
import { normalizeNodeId } from '../catalogue/node-id.js';
import { findPackByAnyCase } from '../catalogue/pack-rows.js';
import type { UpstreamIds } from '../catalogue/upstream-ids.js';
import { findOverride, overriddenIds } from './repository.js';
import { UpstreamClient, UpstreamStatusError, UpstreamUnavailableError, upstreamOptions } from './upstream-client.js';

/** What the upstream checks read: this registry's database and its upstream settings. */
interface GuardDeps {
  db: Kysely<Database>;
  config: Config;
}

/** The upstream-id rule for the context (a no-op without `UPSTREAM_URL`). */
export function upstreamIdGuard(deps: GuardDeps): UpstreamIds {
  return {
    ensureFree: (nodeId) => ensureIdNotUpstream(deps, nodeId),
    ensurePublisherFree: (publisherId) => ensurePublisherIdNotUpstream(deps, publisherId),
  };
}

/**
 * Local first, without taking the upstream's ids: before a pack is created here, an id the
 * upstream registry has (listed, or banned there) is refused with 409 unless an admin released it
 * for local use. This covers ids the last sync has not seen yet (a pack the sync has seen exists
 * here already and belongs to its mirrored publisher, which the publish checks refuse).
 *
 * The upstream is asked once, with its own short time limit. When it does not answer, the pack is
 * refused with 503: whether the id is free cannot be known, and taking it silently could hand the
 * upstream's pack name to someone else. The caller runs this before its transaction, so no
 * database lock is held while the upstream is asked.
 */
async function ensureIdNotUpstream(ctx: GuardDeps, nodeId: string): Promise<void> {
  const options = upstreamOptions(ctx.config);
  if (!options) return;
  if (await findPackByAnyCase(ctx.db, nodeId)) return;
  if (await findOverride(ctx.db, normalizeNodeId(nodeId))) return;
  const client = new UpstreamClient({
    ...options,
    timeoutMs: ctx.config.upstream.UPSTREAM_ID_CHECK_TIMEOUT_MS,
    maxRetries: 0,
  });
  const taken = () =>
    withCode(
      conflict(
        'Node id taken upstream',
        `${options.baseUrl} has a pack "${nodeId}"; an admin of this registry can release the id for local use`,
      ),
      'upstream.id_taken',
      { nodeId, upstream: options.baseUrl },
    );
  try {
    await client.getJson(`/nodes/${encodeURIComponent(nodeId)}`);
  } catch (error) {
    if (error instanceof UpstreamStatusError && error.status === 404) return;
    // Banned upstream still means the upstream has the id.
    if (error instanceof UpstreamStatusError && error.status === 403) throw taken();
    throw withCode(
      serviceUnavailable(
        'Upstream registry unreachable',
        `could not check whether "${nodeId}" is a pack of ${options.baseUrl}; try again later`,
      ),
      'upstream.unavailable',
      { nodeId, upstream: options.baseUrl },
    );
  }
  throw taken();
}

/**
 * The same rule for publishers: a local publisher must not take the id of an upstream one, or
 * it would pass for that publisher here (and the sync would then refuse every upstream pack of
 * it). The mirror may not have synced that publisher yet (a new one upstream, or one whose packs
 * are all refused), so the upstream is asked (`GET /publishers/{id}`), once, within
 * UPSTREAM_ID_CHECK_TIMEOUT_MS. Found, or banned there (403): 409. No answer (down, slow, an
 * error): 503 and nothing is created, for the reason a pack id gets 503: the id's owner cannot
 * be known, and taking it could not be undone once packs are published under it.
 */
async function ensurePublisherIdNotUpstream(ctx: GuardDeps, publisherId: string): Promise<void> {
  const options = upstreamOptions(ctx.config);
  if (!options) return;
  const client = new UpstreamClient({
    ...options,
    timeoutMs: ctx.config.upstream.UPSTREAM_ID_CHECK_TIMEOUT_MS,
    maxRetries: 0,
  });
  const params = { publisherId, upstream: options.baseUrl };
  const taken = () =>
    withCode(
      conflict('Publisher id taken upstream', `${options.baseUrl} has a publisher "${publisherId}"`),
      'upstream.publisher_id_taken',
      params,
    );
  try {
    await client.getJson(`/publishers/${encodeURIComponent(publisherId)}`);
  } catch (error) {
    if (error instanceof UpstreamStatusError && error.status === 404) return;
    if (error instanceof UpstreamStatusError && error.status === 403) throw taken();
    throw withCode(
      serviceUnavailable(
        'Upstream registry unreachable',
        `could not check whether "${publisherId}" is a publisher of ${options.baseUrl}; try again later`,
      ),
      'upstream.publisher_unavailable',
      params,
    );
  }
  throw taken();
}

/**
 * Of these ids (none of them a pack here), those the upstream has, listed or banned
 * there, and no admin released: what a bulk creation of local packs (the Manager-list import)
 * must leave out. Each is asked for through the sync's polite client (its concurrency, rate and
 * retries). When the upstream cannot say for one of them, this throws and the caller writes
 * nothing, for the same reason a single new pack gets 503.
 */
export async function idsTakenUpstream(ctx: GuardDeps, ids: string[]): Promise<Set<string>> {
  const options = upstreamOptions(ctx.config);
  const taken = new Set<string>();
  if (!options) return taken;
  const released = await overriddenIds(ctx.db);
  const asked = ids.filter((id) => !released.has(normalizeNodeId(id)));
  const client = new UpstreamClient(options);
  let next = 0;
  let failure: Error | null = null;
  // One worker per request slot, all stopping at the first id the upstream cannot answer for.
  const worker = async () => {
    while (failure === null && next < asked.length) {
      const id = asked[next++] ?? '';
      try {
        await client.getJson(`/nodes/${encodeURIComponent(id)}`);
        taken.add(id);
      } catch (error) {
        if (error instanceof UpstreamStatusError && error.status === 404) continue;
        // Banned upstream still means the upstream has the id.
        if (error instanceof UpstreamStatusError && error.status === 403) taken.add(id);
        else failure ??= new UpstreamUnavailableError(`${options.baseUrl}/nodes/${id}`, describe(error));
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  if (failure) throw failure;
  return taken;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
