import { createHash } from 'node:crypto';
import { AnswerCache, type EncodableBody, encodableBody } from '../../../engines/answer-cache/answer-cache.js';
import type { CatalogueClock } from './catalogue-clock.js';

/** A serialized answer ready to send, with its entity tag and compressed forms made on demand. */
export interface CachedAnswer extends EncodableBody {
  etag: string;
}

export interface ResponseCacheOptions {
  /** Memory budget for stored bodies; 0 turns storing off (answers are still built once per burst). */
  maxBytes: number;
  /** Longest an answer is reused even when the catalogue did not change (download counters move). */
  maxAgeMs: number;
}

/**
 * Serialized answers of catalogue reads, keyed by a normalised request key and valid while the
 * catalogue token they were built under is current (the shared `AnswerCache`, with the catalogue
 * clock as its generation).
 *
 * An answer is kept from the second time its key is asked for: a catalogue walk (ComfyUI-Manager
 * reads every page of `/nodes` once) would otherwise fill the whole budget with pages nobody asks
 * for again and push out the answers that are asked for all the time.
 */
export class ResponseCache {
  readonly #answers: AnswerCache<CachedAnswer>;

  constructor(
    private readonly clock: CatalogueClock,
    options: ResponseCacheOptions,
  ) {
    this.#answers = new AnswerCache<CachedAnswer>({ ...options, admitOnSecondAsk: true });
  }

  /** The answer for `key`, from memory when still valid, otherwise from `build`. */
  async get(key: string, build: () => Promise<Buffer>): Promise<CachedAnswer> {
    const token = await this.clock.token();
    return this.#answers.get(token, key, async () => {
      const body = await build();
      return { ...encodableBody(body), etag: entityTag(body) };
    });
  }

  /** Lookups answered from memory and lookups that needed a build, since the cache was made. */
  get lookups(): { hits: number; misses: number } {
    return this.#answers.lookups;
  }

  /** Number of stored answers and their bytes (for tests and diagnostics). */
  get size(): { entries: number; bytes: number } {
    return this.#answers.size;
  }
}

/** A strong entity tag derived from the bytes, so equal answers share a tag across instances. */
export function entityTag(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}
