import { LRUCache } from 'lru-cache';
import {
  COMPRESSION_THRESHOLD_BYTES,
  type ContentEncoding,
  compressBody,
  quickCompressBody,
} from '../../lib/compression.js';

/** A serialised answer ready to send, with its compressed forms made on demand and kept. */
export interface EncodableBody {
  readonly body: Buffer;
  /** The body in `encoding`, or undefined for bodies too small to gain from compression. */
  encoded(encoding: ContentEncoding): Buffer | undefined;
}

/**
 * Wraps a serialised body. The first ask in an encoding compresses at the quickest setting (most
 * answers are asked for once: a page of a catalogue walk, a keystroke's search), about a third of
 * the usual cost for a few percent more bytes; the second ask compresses properly, once, and every
 * later ask costs what an uncompressed one does.
 */
export function encodableBody(body: Buffer): EncodableBody {
  const forms: Partial<Record<ContentEncoding, Buffer>> = {};
  const quick: Partial<Record<ContentEncoding, true>> = {};
  return {
    body,
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

export interface AnswerCacheOptions {
  /** Memory budget for stored answers; 0 turns storing off (concurrent equal asks still share one build). */
  maxBytes: number;
  /** Longest an answer is reused even within one generation; unset keeps it for the generation. */
  maxAgeMs?: number;
  /**
   * Keep an answer only from the second time its key is asked for. A walk over every page asks
   * for each once and would otherwise push out the answers asked for all the time.
   */
  admitOnSecondAsk?: boolean;
}

/**
 * How many keys asked for once are remembered under `admitOnSecondAsk`: far more than a catalogue
 * walk has pages, so an answer asked for again soon after is recognised, at a few hundred kilobytes.
 */
const REMEMBERED_KEYS = 16_384;

interface Entry<A> {
  answer: A;
  generation: string | number;
  /** `Date.now()` when stored, for `maxAgeMs` (wall-clock time, so the age survives a clock test). */
  storedAt: number;
}

/**
 * Serialised answers by request key, each valid while the generation it was built under is
 * current (the catalogue's change token, the search index's revision): a change of generation
 * makes every older answer stale at once, without walking the cache. Concurrent misses for one
 * key share a single build, and least recently used answers leave once the byte budget is full.
 * The generic part (recency order, byte accounting, ages) is `lru-cache`'s.
 */
export class AnswerCache<A extends { body: Buffer }> {
  readonly #entries: LRUCache<string, Entry<A>> | undefined;
  readonly #building = new Map<string, Promise<A>>();
  readonly #askedOnce: LRUCache<string, true> | undefined;
  readonly #maxAgeMs: number;
  #hits = 0;
  #misses = 0;

  constructor(options: AnswerCacheOptions) {
    this.#maxAgeMs = options.maxAgeMs ?? Number.POSITIVE_INFINITY;
    if (options.maxBytes > 0) {
      this.#entries = new LRUCache<string, Entry<A>>({
        maxSize: options.maxBytes,
        sizeCalculation: (entry, key) => footprint(entry.answer.body, key),
      });
    }
    if (options.admitOnSecondAsk) this.#askedOnce = new LRUCache<string, true>({ max: REMEMBERED_KEYS });
  }

  /** The answer for `key` under `generation`, from memory when still valid, otherwise from `build`. */
  get(generation: string | number, key: string, build: () => Promise<A>): Promise<A> {
    const hit = this.#entries?.get(key);
    if (hit && hit.generation === generation && Date.now() - hit.storedAt < this.#maxAgeMs) {
      this.#hits += 1;
      return Promise.resolve(hit.answer);
    }
    this.#misses += 1;
    const flightKey = `${generation}\n${key}`;
    let flight = this.#building.get(flightKey);
    if (!flight) {
      flight = build().then((answer) => {
        this.#store(key, { answer, generation, storedAt: Date.now() });
        return answer;
      });
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

  /** Stored answers and the bytes charged for them (metrics, tests). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.#entries?.size ?? 0, bytes: this.#entries?.calculatedSize ?? 0 };
  }

  #store(key: string, entry: Entry<A>): void {
    if (!this.#entries) return;
    if (this.#askedOnce && !this.#entries.has(key) && !this.#askedBefore(key)) return;
    // An answer larger than the whole budget is refused by the cache itself.
    this.#entries.set(key, entry);
  }

  /** Whether `key` was asked for before; remembers it otherwise. */
  #askedBefore(key: string): boolean {
    const asked = this.#askedOnce as LRUCache<string, true>;
    if (asked.delete(key)) return true;
    asked.set(key, true);
    return false;
  }
}

/**
 * Memory charged for an answer: its body, room for the brotli and gzip forms it may come to hold
 * (together well under half of a JSON body), and its key.
 */
function footprint(body: Buffer, key: string): number {
  return Math.ceil(body.length * 1.5) + key.length;
}
