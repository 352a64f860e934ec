import type { CatalogueClock } from './catalogue-clock.js';

export interface OrderSnapshotOptions {
  /**
   * Age after which a snapshot is read again even when the catalogue did not change (download
   * counters reorder it); the old one answers until the new one is in.
   */
  maxAgeMs: number;
  /** Most snapshots kept (one per filter and order); the least recently used goes first. */
  maxSnapshots: number;
}

interface Snapshot {
  ids: readonly string[];
  token: string;
  storedAt: number;
  usedAt: number;
}

/**
 * The ordered ids of every pack matching one filter and order, read once per catalogue change
 * (or maximum age) and then shared by all pages of that listing. A page is a slice of it and its
 * total is its length, so neither `count(*)` nor a deep `OFFSET` runs per page: at 100k packs a
 * page costs the same whether it is the first or the last.
 *
 * Snapshots are keyed by the catalogue token (the change feed watermark plus this instance's
 * writes), like the response cache, so a write shows at once here and within the poll interval
 * elsewhere. Concurrent misses for one key share a single read.
 */
export class OrderSnapshots {
  readonly #snapshots = new Map<string, Snapshot>();
  readonly #building = new Map<string, Promise<Snapshot>>();

  constructor(
    private readonly clock: CatalogueClock,
    private readonly options: OrderSnapshotOptions,
  ) {}

  /**
   * The ordered ids for `key`, from memory while valid, otherwise from `read`. `ageless` is for
   * orders that only a catalogue change can alter (the key must name anything else they depend
   * on): they are not read again as they age.
   */
  async get(key: string, read: () => Promise<readonly string[]>, ageless = false): Promise<readonly string[]> {
    const token = await this.clock.token();
    const now = Date.now();
    const hit = this.#snapshots.get(key);
    if (hit && hit.token === token) {
      hit.usedAt = now;
      if (ageless || now - hit.storedAt < this.options.maxAgeMs) return hit.ids;
      // Nothing changed, only download counters may have reordered it: answer from the old
      // snapshot while a fresh one is read, so no request waits for a full read (at 100k packs
      // it takes a noticeable fraction of a second).
      this.#refresh(key, token, read).catch(() => undefined);
      return hit.ids;
    }
    return (await this.#refresh(key, token, read)).ids;
  }

  #refresh(key: string, token: string, read: () => Promise<readonly string[]>): Promise<Snapshot> {
    const flightKey = `${token}\n${key}`;
    let flight = this.#building.get(flightKey);
    if (!flight) {
      flight = this.#fill(key, token, read);
      this.#building.set(flightKey, flight);
      const done = () => this.#building.delete(flightKey);
      flight.then(done, done);
    }
    return flight;
  }

  /** Number of snapshots held (for tests and diagnostics). */
  get size(): number {
    return this.#snapshots.size;
  }

  async #fill(key: string, token: string, read: () => Promise<readonly string[]>): Promise<Snapshot> {
    const ids = await read();
    const now = Date.now();
    const snapshot: Snapshot = { ids, token, storedAt: now, usedAt: now };
    if (this.options.maxSnapshots > 0 && this.options.maxAgeMs > 0) {
      this.#snapshots.set(key, snapshot);
      if (this.#snapshots.size > this.options.maxSnapshots) this.#evict();
    }
    return snapshot;
  }

  #evict(): void {
    let oldestKey: string | undefined;
    let oldest = Number.POSITIVE_INFINITY;
    for (const [key, snapshot] of this.#snapshots) {
      if (snapshot.usedAt < oldest) {
        oldest = snapshot.usedAt;
        oldestKey = key;
      }
    }
    if (oldestKey !== undefined) this.#snapshots.delete(oldestKey);
  }
}
