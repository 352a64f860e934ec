import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.js';
import { chooseEncoding, varyOnEncoding } from '../../../lib/compression.js';
import { CatalogueClock } from './catalogue-clock.js';
import { OrderSnapshots } from './order-snapshots.js';
import { type CachedAnswer, ResponseCache } from './response-cache.js';

const clocks = new WeakMap<AppContext, CatalogueClock>();
const caches = new WeakMap<AppContext, ResponseCache>();
const snapshots = new WeakMap<AppContext, OrderSnapshots>();

/** Listings (filter and order) whose ordered ids are kept at once. */
const MAX_ORDER_SNAPSHOTS = 32;

/**
 * How often the change feed is read by default. Writes made by this instance are seen at once
 * through the in-process event, so polling only serves writes by other processes. Reading it on
 * every request measured at about a seventh of the CPU of a cached read on SQLite; on PostgreSQL
 * it would add a round trip to every request.
 */
const DEFAULT_POLL_MS = { sqlite: 50, postgres: 250 } as const;

/** The catalogue token of an app instance, shared by its response cache and order snapshots. */
function catalogueClock(ctx: AppContext): CatalogueClock {
  let clock = clocks.get(ctx);
  if (!clock) {
    const pollMs = ctx.config.catalogueCache.CATALOGUE_POLL_MS ?? DEFAULT_POLL_MS[ctx.dialect];
    clock = new CatalogueClock(ctx.db, pollMs, ctx.events);
    clocks.set(ctx, clock);
  }
  return clock;
}

/** The ordered ids of catalogue listings (see `OrderSnapshots`), valid as long as cached answers. */
export function orderSnapshots(ctx: AppContext): OrderSnapshots {
  let held = snapshots.get(ctx);
  if (!held) {
    held = new OrderSnapshots(catalogueClock(ctx), {
      maxAgeMs: ctx.config.catalogueCache.CATALOGUE_CACHE_MAX_AGE_MS,
      maxSnapshots: MAX_ORDER_SNAPSHOTS,
    });
    snapshots.set(ctx, held);
  }
  return held;
}

/** The one response cache of an app instance, shared by every catalogue read route. */
export function catalogueCache(ctx: AppContext): ResponseCache {
  let cache = caches.get(ctx);
  if (!cache) {
    const settings = ctx.config.catalogueCache;
    cache = new ResponseCache(catalogueClock(ctx), {
      maxBytes: settings.CATALOGUE_CACHE_MAX_BYTES,
      maxAgeMs: settings.CATALOGUE_CACHE_MAX_AGE_MS,
    });
    caches.set(ctx, cache);
  }
  return cache;
}

/**
 * Answers with a cached read: builds the payload with `produce` when needed (serialized by the
 * route's own response schema), sends it with its ETag, or 304 when the client already has it.
 * Request `Cache-Control: no-cache` is deliberately not a reason to rebuild: ComfyUI-Manager sends
 * it on every page, and cached answers are already as fresh as the catalogue.
 */
export async function sendCachedRead(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  produce: () => Promise<unknown>,
): Promise<FastifyReply> {
  const answer = await catalogueCache(request.server.ctx).get(key, async () => {
    const serialized = reply.serialize(await produce());
    return typeof serialized === 'string' ? Buffer.from(serialized) : Buffer.from(serialized as ArrayBuffer);
  });
  return sendAnswer(request, reply, answer);
}

/**
 * Sends a cached answer, brotli- or gzip-compressed when the client accepts it (the compressed
 * bytes are kept with the answer), or an empty 304 when `If-None-Match` names its tag.
 */
export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  varyOnEncoding(reply);
  const encoding = chooseEncoding(request);
  const encoded = encoding ? answer.encoded(encoding) : undefined;
  // Each representation has its own tag (as a strong tag must); all of them revalidate the answer.
  const etag = encoded && encoding ? answer.etag.replace(/"$/, `${ENCODED_TAG_SEPARATOR}${encoding}"`) : answer.etag;
  reply.header('etag', etag).header('cache-control', 'no-cache');
  if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (encoded && encoding) return reply.header('content-encoding', encoding).send(encoded);
  return reply.send(answer.body);
}

/** Joins an answer's tag and the encoding of one of its representations. */
const ENCODED_TAG_SEPARATOR = '--';
const REPRESENTATION_SUFFIX = new RegExp(`${ENCODED_TAG_SEPARATOR}(br|gzip)"$`);

/**
 * Whether an `If-None-Match` header names the tag, or the tag of one of its compressed
 * representations (weak comparison, lists and `*` allowed).
 */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header
    .split(',')
    .some((candidate) => candidate.trim().replace(/^W\//, '').replace(REPRESENTATION_SUFFIX, '"') === etag);
}
