import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { EventBus } from '../../../lib/events.js';
import { catalogueWatermark } from '../../catalogue/changes.js';

/**
 * A token that changes whenever the catalogue may have changed, for keying cached answers.
 *
 * It combines the change-feed watermark (writes by any instance) with a local counter bumped by
 * the in-process `catalogue:changed` event (writes by this instance, visible at once). The
 * watermark is re-read at most every `pollMs`; with 0 it is read on every call. Concurrent
 * callers share one read, so a burst of requests costs one query.
 */
export class CatalogueClock {
  #watermark = -1;
  #local = 0;
  #checkedAt = 0;
  #reading: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly pollMs: number,
    events: EventBus,
  ) {
    events.on('catalogue:changed', () => {
      this.#local += 1;
    });
  }

  /** The current token; read it before reading the data it will key, never after. */
  async token(): Promise<string> {
    if (this.#watermark < 0 || Date.now() - this.#checkedAt >= this.pollMs) await this.#read();
    return `${this.#watermark}.${this.#local}`;
  }

  #read(): Promise<void> {
    this.#reading ??= (async () => {
      // Stamp the start of the read: anything committed later is caught by the next read.
      const startedAt = Date.now();
      try {
        this.#watermark = await catalogueWatermark(this.db);
        this.#checkedAt = startedAt;
      } finally {
        this.#reading = null;
      }
    })();
    return this.#reading;
  }
}
