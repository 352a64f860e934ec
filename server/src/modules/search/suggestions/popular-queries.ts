import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { daysBefore } from './query-log.js';
import { loadPopularQueries } from './repository.js';

/** Searches of the last this many days count as popular. */
const WINDOW_DAYS = 30;
/** How many popular searches are kept in memory for completion. */
const KEPT = 5000;
const REFRESH_MS = 60_000;

/**
 * The most made searches, cached in memory and re-read once a minute, for suggestions. Only
 * searches made at least `minCount` times are offered, so one person's text is never shown to
 * others.
 */
export class PopularQueries {
  private list: { query: string; count: number }[] = [];
  private loadedAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly minCount: number,
  ) {}

  /**
   * Popular searches that start with the (normalised) text, most made first. A search that is
   * only the beginning of another one offered is left out: as-you-type searches count every
   * stage of a word, and the finished word is the useful suggestion.
   */
  async complete(prefix: string, limit: number): Promise<string[]> {
    await this.fresh();
    const chosen: string[] = [];
    for (const { query } of this.list) {
      if (!query.startsWith(prefix) || query === prefix) continue;
      chosen.push(query);
      if (chosen.length >= limit * 3) break;
    }
    return chosen.filter((q) => !chosen.some((other) => other !== q && other.startsWith(q))).slice(0, limit);
  }

  /** Forgets the cache (tests). */
  invalidate(): void {
    this.loadedAt = Number.NEGATIVE_INFINITY;
  }

  private async fresh(): Promise<void> {
    if (Date.now() - this.loadedAt < REFRESH_MS) return;
    this.loading ??= (async () => {
      const today = new Date().toISOString().slice(0, 10);
      this.list = await loadPopularQueries(this.db, daysBefore(today, WINDOW_DAYS - 1), this.minCount, KEPT);
      this.loadedAt = Date.now();
    })().finally(() => {
      this.loading = null;
    });
    await this.loading;
  }
}
