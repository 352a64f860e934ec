import type { AppContext } from '../../context.js';
import { conflict, serviceUnavailable, withCode } from '../../lib/errors.js';
import { normalizeNodeId } from '../catalogue/node-id.js';
import { findPackByAnyCase } from '../catalogue/pack-rows.js';
import { findOverride } from './repository.js';
import { UpstreamClient, UpstreamStatusError, upstreamOptions } from './upstream-client.js';

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
export async function ensureIdNotUpstream(ctx: AppContext, nodeId: string): Promise<void> {
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
