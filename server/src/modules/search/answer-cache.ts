import {
  COMPRESSION_THRESHOLD_BYTES,
  type ContentEncoding,
  compressBody,
  quickCompressBody,
} from '../../lib/compression.js';

/** A serialized search answer and how many packs it matched (counting popular searches needs it). */
export interface SearchAnswer {
  body: Buffer;
  total: number;
  /** Compressed forms of `body`, each made when first asked for and kept with the answer. */
  forms?: Partial<Record<ContentEncoding, Buffer>>;
  /** Encodings whose form was made at the quick setting, for the search's first ask. */
  quick?: Partial<Record<ContentEncoding, true>>;
}

/**
 * The answer's body in `encoding`; undefined for bodies too small to gain. Most searches are
 * asked once (every keystroke is a new one), so the answer just built is compressed at the
 * quickest setting, about a third of the usual cost for a few percent more bytes; an answer asked
 * for again (`repeat`) is compressed properly once, and repeats then cost what an uncompressed
 * one does.
 */
export function encodedAnswer(answer: SearchAnswer, encoding: ContentEncoding, repeat: boolean): Buffer | undefined {
  if (answer.body.length < COMPRESSION_THRESHOLD_BYTES) return undefined;
  answer.forms ??= {};
  answer.quick ??= {};
  const form = answer.forms[encoding];
  if (form && !(repeat && answer.quick[encoding])) return form;
  if (repeat) {
    delete answer.quick[encoding];
    answer.forms[encoding] = compressBody(answer.body, encoding);
  } else {
    answer.quick[encoding] = true;
    answer.forms[encoding] = quickCompressBody(answer.body, encoding);
  }
  return answer.forms[encoding];
}

/** Memory charged for an entry: its body, room for the compressed forms it may come to hold, its key. */
function footprint(answer: SearchAnswer, key: string): number {
  return Math.ceil(answer.body.length * 1.5) + key.length;
}

interface Entry extends SearchAnswer {
  revision: number;
}

export interface SearchAnswerCacheOptions {
  /** Memory for stored bodies; 0 turns storing off (concurrent equal searches still share one build). */
  maxBytes: number;
}

/**
 * Serialized `GET /nodes/search` answers by normalised request, valid while the search engine's
 * revision they were built under holds. The revision moves whenever the index applies a change,
 * whether written on this instance (at once) or on another (when the change feed reaches this
 * one), so a cached answer is never staler than the index itself. Popular searches and the empty
 * one repeat all the time; each is then matched, loaded and serialised once per change.
 *
 * Download and star counts are not catalogue changes: the engine re-reads them for ordering every
 * `SEARCH_POPULARITY_REFRESH_MS`, which moves the revision, so counts in a cached answer are as old
 * as the figures its order was made with. (A shorter age limit was tried: at 64 connections every
 * popular answer then expired at once every few seconds, and rebuilding them together stalled
 * the event loop.)
 *
 * Entries are kept in use order (a hit moves its entry to the end) and the oldest are dropped
 * once the byte budget is exceeded. Concurrent misses for one key share a single build.
 */
export class SearchAnswerCache {
  readonly #entries = new Map<string, Entry>();
  readonly #building = new Map<string, Promise<SearchAnswer>>();
  #bytes = 0;

  constructor(private readonly options: SearchAnswerCacheOptions) {}

  /** The answer for `key` under `revision`, from memory when still valid, otherwise from `build`. */
  get(revision: number, key: string, build: () => Promise<SearchAnswer>): Promise<SearchAnswer> {
    const hit = this.#entries.get(key);
    if (hit) {
      this.#entries.delete(key);
      if (hit.revision === revision) {
        this.#entries.set(key, hit);
        return Promise.resolve(hit);
      }
      this.#bytes -= footprint(hit, key);
    }
    const flightKey = `${revision}\n${key}`;
    let flight = this.#building.get(flightKey);
    if (!flight) {
      flight = build().then((answer) => {
        this.#store(key, { ...answer, revision });
        return answer;
      });
      this.#building.set(flightKey, flight);
      const done = () => this.#building.delete(flightKey);
      flight.then(done, done);
    }
    return flight;
  }

  /** Stored answers and their bytes (for tests and diagnostics). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.#entries.size, bytes: this.#bytes };
  }

  #store(key: string, entry: Entry): void {
    const size = footprint(entry, key);
    if (size > this.options.maxBytes) return;
    const previous = this.#entries.get(key);
    if (previous) {
      this.#entries.delete(key);
      this.#bytes -= footprint(previous, key);
    }
    this.#entries.set(key, entry);
    this.#bytes += size;
    for (const [oldKey, old] of this.#entries) {
      if (this.#bytes <= this.options.maxBytes) break;
      this.#entries.delete(oldKey);
      this.#bytes -= footprint(old, oldKey);
    }
  }
}
