import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/schema.js';
import type { EventBus } from '../../lib/events.js';
import type { SearchEngine } from './engine.js';
import { InProcessSearchEngine } from './memory/in-process-engine.js';

/** The search engine for this process: the in-process index (a dedicated engine would be chosen here). */
export function createSearchEngine(config: Config, db: Kysely<Database>, events: EventBus, log: Logger): SearchEngine {
  return new InProcessSearchEngine(db, events, {
    pollMs: config.search.SEARCH_POLL_MS,
    popularityRefreshMs: config.search.SEARCH_POPULARITY_REFRESH_MS,
    onError: (error, context) => log.error({ err: error }, `search: ${context} failed`),
  });
}
