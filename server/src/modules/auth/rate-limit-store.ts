import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Counters in the database, so every instance enforces the same limits. Each operation is one
 * atomic upsert; keys are SHA-256 hashes, so the table never holds an e-mail or IP address.
 */
export class RateLimitStore {
  #lastPrune = 0;

  constructor(private readonly db: Kysely<Database>) {}

  /** The stored form of a logical key such as `sign-in-ip:203.0.113.9`. */
  static key(parts: string[]): string {
    return createHash('sha256').update(parts.join('\u0000'), 'utf8').digest('hex');
  }

  /**
   * Counts one event in a fixed window that starts with the first event; returns the count so
   * far and when the window ends.
   */
  async hit(key: string, windowMs: number, now = Date.now()): Promise<{ hits: number; resetAt: number }> {
    this.#pruneNowAndThen(now);
    const expired = sql<boolean>`auth_rate_limits.reset_at <= ${now}`;
    const row = await this.db
      .insertInto('auth_rate_limits')
      .values({ key, hits: 1, reset_at: now + windowMs, blocked_until: null })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql`case when ${expired} then 1 else auth_rate_limits.hits + 1 end`,
          reset_at: sql`case when ${expired} then cast(${now + windowMs} as bigint) else auth_rate_limits.reset_at end`,
          blocked_until: sql`case when ${expired} then null else auth_rate_limits.blocked_until end`,
        }),
      )
      .returning(['hits', 'reset_at'])
      .executeTakeFirstOrThrow();
    return { hits: Number(row.hits), resetAt: Number(row.reset_at) };
  }

  /** The live counter under a key, or null when there is none or its window ended. */
  async peek(key: string, now = Date.now()): Promise<{ hits: number; resetAt: number; blockedUntil: number } | null> {
    const row = await this.db
      .selectFrom('auth_rate_limits')
      .select(['hits', 'reset_at', 'blocked_until'])
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row || Number(row.reset_at) <= now) return null;
    return { hits: Number(row.hits), resetAt: Number(row.reset_at), blockedUntil: Number(row.blocked_until ?? 0) };
  }

  /** Refuses further attempts under a key until `until` (epoch ms). */
  async block(key: string, until: number): Promise<void> {
    await this.db.updateTable('auth_rate_limits').set({ blocked_until: until }).where('key', '=', key).execute();
  }

  /** Forgets a counter (after a successful sign-in). */
  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('auth_rate_limits').where('key', '=', key).execute();
  }

  /** Drops ended windows at most once a minute per process, off the request's path. */
  #pruneNowAndThen(now: number): void {
    if (now - this.#lastPrune < 60_000) return;
    this.#lastPrune = now;
    void this.db
      .deleteFrom('auth_rate_limits')
      .where('reset_at', '<', now)
      .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<', now)]))
      .execute()
      .catch(() => {
        // Pruning is housekeeping; the next call tries again.
      });
  }
}
