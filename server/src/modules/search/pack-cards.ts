import type { SearchNodeJson } from './schemas.js';

/** A pack as a search hit shows it (`/nodes` form, with publisher and latest version), before its match. */
export type PackCard = SearchNodeJson;

/**
 * The cards of recent search hits, valid while the search engine's revision they were read under
 * holds (the answer cache's rule, see `searchAnswerCache`): every search used to read its page's
 * packs, latest versions and publishers from the database, about a third of a search's time,
 * though the same popular packs top most searches. Kept in use order, the oldest dropped past
 * `maxEntries`; a new revision empties it.
 */
export class PackCardCache {
  #revision = Number.NaN;
  readonly #cards = new Map<string, PackCard>();

  constructor(private readonly maxEntries: number) {}

  /**
   * The cards of `ids` under `revision` that exist: kept ones, and the rest from `load` (which
   * leaves out packs it cannot find). Cards are shared: callers copy before changing one.
   */
  async get(
    revision: number,
    ids: readonly string[],
    load: (missing: string[]) => Promise<Map<string, PackCard>>,
  ): Promise<Map<string, PackCard>> {
    if (revision !== this.#revision) {
      this.#cards.clear();
      this.#revision = revision;
    }
    const found = new Map<string, PackCard>();
    const missing: string[] = [];
    for (const id of ids) {
      const card = this.#cards.get(id);
      if (!card) {
        missing.push(id);
        continue;
      }
      found.set(id, card);
      this.#cards.delete(id);
      this.#cards.set(id, card);
    }
    if (missing.length === 0) return found;
    const loaded = await load(missing);
    // A newer revision may have arrived while loading: these cards then belong to no one.
    const keep = this.#revision === revision;
    for (const [id, card] of loaded) {
      found.set(id, card);
      if (keep) this.#cards.set(id, card);
    }
    for (const id of this.#cards.keys()) {
      if (this.#cards.size <= this.maxEntries) break;
      this.#cards.delete(id);
    }
    return found;
  }

  /** How many cards are kept (tests and diagnostics). */
  get size(): number {
    return this.#cards.size;
  }
}
