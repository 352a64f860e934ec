import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { addQueryCounts, deleteQueryCountsBefore } from './repository.js';

/** Counts older than this many days are deleted; suggestions look at the last 30. */
const KEEP_DAYS = 90;
/** Buffered texts beyond this are flushed at once rather than at the next tick. */
const MAX_BUFFERED = 5000;
const MAX_LOGGED_LENGTH = 64;
const MAX_LOGGED_WORDS = 6;

/**
 * Counts search texts per UTC day, anonymously: only the normalised text and a number are
 * stored, never who searched. Counts are buffered in memory and written in one statement every
 * few seconds, so counting adds nothing to a search's latency.
 */
export class QueryLog {
  private buffer = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private prunedDay = '';

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: { flushMs: number; onError: (error: unknown) => void },
  ) {}

  /** Counts one search, unless its text is not worth suggesting to anyone. */
  record(text: string): void {
    const query = loggableQuery(text);
    if (!query) return;
    this.buffer.set(query, (this.buffer.get(query) ?? 0) + 1);
    if (this.buffer.size >= MAX_BUFFERED) void this.flush();
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.options.flushMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is buffered. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** Writes buffered counts (one flush at a time). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write()).catch(this.options.onError);
    return this.flushing;
  }

  private async write(): Promise<void> {
    const today = new Date().toISOString().slice(0, 10);
    if (this.buffer.size > 0) {
      const counts = this.buffer;
      this.buffer = new Map();
      await addQueryCounts(this.db, today, counts);
    }
    if (this.prunedDay !== today) {
      this.prunedDay = today;
      await deleteQueryCountsBefore(this.db, daysBefore(today, KEEP_DAYS));
    }
  }
}

/**
 * The form a search text is counted under (trimmed, single spaces, lower case), or null for
 * texts that are junk or may be personal: too short or long, mostly punctuation, e-mail
 * addresses, URLs, long numbers.
 */
export function loggableQuery(text: string): string | null {
  const query = text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
  if (query.length < 2 || query.length > MAX_LOGGED_LENGTH) return null;
  if ((query.match(/[\p{L}\p{N}]/gu) ?? []).length < Math.max(2, query.length / 2)) return null;
  if (/@|:\/\/|www\.|\d{5,}/.test(query)) return null;
  if (query.split(' ').length > MAX_LOGGED_WORDS) return null;
  return query;
}

/** The UTC day `days` days before `day` (YYYY-MM-DD). */
export function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}
