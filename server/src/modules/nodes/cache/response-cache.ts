import { createHash } from 'node:crypto';
import {
  COMPRESSION_THRESHOLD_BYTES,
  type ContentEncoding,
  compressBody,
  quickCompressBody,
} from '../../../lib/compression.js';
import type { CatalogueClock } from './catalogue-clock.js';

/** A serialized answer ready to send, with its entity tag. */
export interface CachedAnswer {
  body: Buffer;
  etag: string;
  /**
   * The body in an encoding, compressed on first demand and then kept with the answer, so a
   * compressed read costs what an uncompressed one does. Undefined for bodies too small to gain.
   */
  encoded(encoding: ContentEncoding): Buffer | undefined;
}

interface Entry extends CachedAnswer {
  token: string;
  storedAt: number;
  /** Last time the entry answered a request, for least-recently-used eviction. */
  usedAt: number;
}

/**
 * How many keys asked for once are remembered (see `ResponseCache`): far more than a catalogue walk
 * has pages, so an answer asked for again soon after is recognised, at a few hundred kilobytes.
 */
const REMEMBERED_KEYS = 16_384;

export interface ResponseCacheOptions {
  /** Memory budget for stored bodies; 0 turns storing off (answers are still built once per burst). */
  maxBytes: number;
  /** Longest an answer is reused even when the catalogue did not change (download counters move). */
  maxAgeMs: number;
}

/**
 * Serialized answers of catalogue reads, keyed by a normalised request key and valid while the
 * catalogue token they were built under is current. Concurrent misses for one key share a single
 * build. Least recently used answers are dropped once the byte budget is exceeded.
 *
 * An answer is kept from the second time its key is asked for: a catalogue walk (ComfyUI-Manager
 * reads every page of `/nodes` once) would otherwise fill the whole budget with pages nobody asks
 * for again and push out the answers that are asked for all the time. Keys asked for once are
 * remembered, without their answers, in a bounded list.
 */
export class ResponseCache {
  readonly #entries = new Map<string, Entry>();
  readonly #building = new Map<string, Promise<Entry>>();
  /** Keys asked for once whose answers were not kept, oldest first. */
  readonly #askedOnce = new Set<string>();
  #bytes = 0;
  /** Answers served from memory and answers that had to be built (or joined a build), for metrics. */
  #hits = 0;
  #misses = 0;

  constructor(
    private readonly clock: CatalogueClock,
    private readonly options: ResponseCacheOptions,
  ) {}

  /** The answer for `key`, from memory when still valid, otherwise from `build`. */
  async get(key: string, build: () => Promise<Buffer>): Promise<CachedAnswer> {
    const token = await this.clock.token();
    const hit = this.#entries.get(key);
    const now = Date.now();
    if (hit && hit.token === token && now - hit.storedAt < this.options.maxAgeMs) {
      hit.usedAt = now;
      this.#hits += 1;
      return hit;
    }
    this.#misses += 1;
    const flightKey = `${token}\n${key}`;
    let flight = this.#building.get(flightKey);
    if (!flight) {
      flight = this.#fill(key, token, build);
      this.#building.set(flightKey, flight);
      const done = () => this.#building.delete(flightKey);
      flight.then(done, done);
    }
    return flight;
  }

  /** Lookups answered from memory and lookups that needed a build, since the cache was made. */
  get lookups(): { hits: number; misses: number } {
    return { hits: this.#hits, misses: this.#misses };
  }

  /** Number of stored answers and their bytes (for tests and diagnostics). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.#entries.size, bytes: this.#bytes };
  }

  async #fill(key: string, token: string, build: () => Promise<Buffer>): Promise<Entry> {
    const body = await build();
    const now = Date.now();
    const entry: Entry = { ...answerOf(body), token, storedAt: now, usedAt: now };
    this.#store(key, entry);
    return entry;
  }

  #store(key: string, entry: Entry): void {
    const size = footprint(entry, key);
    if (size > this.options.maxBytes) return;
    const previous = this.#entries.get(key);
    if (!previous && !this.#askedBefore(key)) return;
    if (previous) {
      this.#entries.delete(key);
      this.#bytes -= footprint(previous, key);
    }
    this.#entries.set(key, entry);
    this.#bytes += size;
    if (this.#bytes > this.options.maxBytes) this.#evict();
  }

  /** Whether `key` was asked for before; remembers it otherwise. */
  #askedBefore(key: string): boolean {
    if (this.#askedOnce.delete(key)) return true;
    this.#askedOnce.add(key);
    if (this.#askedOnce.size > REMEMBERED_KEYS) {
      const oldest = this.#askedOnce.values().next();
      if (!oldest.done) this.#askedOnce.delete(oldest.value);
    }
    return false;
  }

  /**
   * Drops least recently used answers down to 90% of the budget. Hits only stamp `usedAt` (no
   * reordering on the hot path); the sort happens here, once per many stores.
   */
  #evict(): void {
    const target = this.options.maxBytes * 0.9;
    const byAge = [...this.#entries].sort(([, a], [, b]) => a.usedAt - b.usedAt);
    for (const [key, entry] of byAge) {
      if (this.#bytes <= target) break;
      this.#entries.delete(key);
      this.#bytes -= footprint(entry, key);
    }
  }
}

/**
 * Memory charged for an entry: its body, plus room for the brotli and gzip forms it may come to
 * hold (together well under half of a JSON body), plus its key.
 */
function footprint(entry: CachedAnswer, key: string): number {
  return Math.ceil(entry.body.length * 1.5) + key.length;
}

/**
 * An answer for `body`, whose compressed forms are made when first asked for, at the quickest
 * setting: a catalogue walk (ComfyUI-Manager's, 3,300 pages at 100k packs) asks for each page
 * once, and compressing every page properly was a tenth of the walk's CPU time. An answer asked
 * for again in an encoding is compressed properly then, once. Both forms decode to the same body,
 * so they share the representation's tag.
 */
function answerOf(body: Buffer): CachedAnswer {
  const forms: Partial<Record<ContentEncoding, Buffer>> = {};
  const quick: Partial<Record<ContentEncoding, true>> = {};
  return {
    body,
    etag: entityTag(body),
    encoded(encoding) {
      if (body.length < COMPRESSION_THRESHOLD_BYTES) return undefined;
      const form = forms[encoding];
      if (form && !quick[encoding]) return form;
      if (form) {
        delete quick[encoding];
        forms[encoding] = compressBody(body, encoding);
      } else {
        quick[encoding] = true;
        forms[encoding] = quickCompressBody(body, encoding);
      }
      return forms[encoding];
    },
  };
}

/** A strong entity tag derived from the bytes, so equal answers share a tag across instances. */
export function entityTag(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}
