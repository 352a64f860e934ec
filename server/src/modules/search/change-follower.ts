import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { catalogueWatermark } from '../catalogue/changes.js';
import { readChanges } from './repository.js';

export interface ChangeFollowerOptions {
  pollMs: number;
  /** Reports a failed poll (the next one retries). */
  onError: (error: unknown) => void;
}

/** Changes read per query; a longer backlog is read in several rounds of one poll. */
const BATCH = 2000;
/** How long a skipped change id is waited for before it counts as rolled back. */
const GAP_WAIT_MS = 60_000;
/** Larger jumps in ids are sequence caching, not transactions in flight: not waited for. */
const MAX_GAP = 1000;

/**
 * Follows the `catalogue_changes` feed so this instance applies writes made by other instances.
 * A plain "id > watermark" would miss a change whose transaction took its id first but committed
 * after a later one (PostgreSQL sequences do not wait for commits), so skipped ids are remembered
 * and asked for again until they appear or a minute has passed.
 */
export class ChangeFollower {
  private watermark = 0;
  private readonly missing = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly apply: (nodeIds: string[]) => Promise<void>,
    private readonly options: ChangeFollowerOptions,
  ) {}

  /** Highest change id applied. */
  get position(): number {
    return this.watermark;
  }

  /**
   * The highest position below which every change has been applied (or given up on as rolled
   * back): ids still awaited hold it back. What a saved index may claim to hold.
   */
  get settledPosition(): number {
    let settled = this.watermark;
    for (const id of this.missing.keys()) settled = Math.min(settled, id - 1);
    return settled;
  }

  /** Starts after `position` instead of at the end (an index restored up to it catches up from there). */
  resumeFrom(position: number): void {
    this.watermark = position;
    this.missing.clear();
  }

  /**
   * Starts from the current end of the feed (call it before loading the catalogue). Ids missing
   * just below the end may belong to transactions still in flight: they are waited for too.
   */
  async init(): Promise<void> {
    this.watermark = await catalogueWatermark(this.db);
    const recent = await readChanges(this.db, Math.max(0, this.watermark - MAX_GAP), [], MAX_GAP + 1);
    const present = new Set(recent.map((c) => c.id));
    const now = Date.now();
    for (let id = Math.max(1, this.watermark - MAX_GAP + 1); id < this.watermark; id++) {
      if (!present.has(id)) this.missing.set(id, now);
    }
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.poll(), this.options.pollMs);
    this.timer.unref();
  }

  /** Stops polling and waits for a poll in flight. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.inFlight;
  }

  /** Reads and applies what changed since the last poll; overlapping calls share one poll. */
  poll(): Promise<void> {
    this.inFlight ??= this.readAll()
      .catch(this.options.onError)
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }

  private async readAll(): Promise<void> {
    for (;;) {
      const now = Date.now();
      for (const [id, since] of this.missing) if (now - since > GAP_WAIT_MS) this.missing.delete(id);
      const changes = await readChanges(this.db, this.watermark, [...this.missing.keys()], BATCH);
      const nodeIds = new Set<string>();
      for (const change of changes) {
        nodeIds.add(change.nodeId);
        if (this.missing.delete(change.id) || change.id <= this.watermark) continue;
        if (change.id - this.watermark <= MAX_GAP) {
          for (let id = this.watermark + 1; id < change.id; id++) this.missing.set(id, now);
        }
        this.watermark = change.id;
      }
      if (nodeIds.size > 0) await this.apply([...nodeIds]);
      if (changes.length < BATCH) return;
    }
  }
}
