import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { tooManyRequests, withCode } from '../../lib/errors.js';
import { RateLimitStore } from '../auth/rate-limit-store.js';

/** The window refused exchanges are counted in. */
const WINDOW_MS = 10 * 60 * 1000;

/** One counter store per database, so its occasional pruning of old counters stays occasional. */
const stores = new WeakMap<Kysely<Database>, RateLimitStore>();

function storeOf(db: Kysely<Database>): RateLimitStore {
  let store = stores.get(db);
  if (!store) {
    store = new RateLimitStore(db);
    stores.set(db, store);
  }
  return store;
}

const keyOf = (clientAddress: string) => RateLimitStore.key(['oidc-exchange-refused', clientAddress]);

/**
 * Refuses an exchange from an address that had `TRUSTED_PUBLISHING_FAILURES_PER_IP` exchanges
 * refused in the window: guessing at tokens or hammering the issuer's keys costs that address,
 * while CI runners that share an address and present good tokens are never counted.
 */
export async function requireExchangeAllowed(ctx: AppContext, clientAddress: string, now = Date.now()): Promise<void> {
  const counter = await storeOf(ctx.db).peek(keyOf(clientAddress), now);
  if (counter && counter.hits >= ctx.config.trustedPublishing.TRUSTED_PUBLISHING_FAILURES_PER_IP) {
    throw withCode(
      tooManyRequests('Too many refused exchanges from this address', (counter.resetAt - now) / 1000),
      'oidc.too_many_failures',
    );
  }
}

/** Counts one refused exchange against its client address. */
export async function recordRefusedExchange(ctx: AppContext, clientAddress: string, now = Date.now()): Promise<void> {
  await storeOf(ctx.db).hit(keyOf(clientAddress), WINDOW_MS, now);
}
