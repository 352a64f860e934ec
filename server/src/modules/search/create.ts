import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/schema.js';
import type { EventBus } from '../../lib/events.js';
import type { SearchEngine } from './engine.js';
import { InProcessSearchEngine } from './in-process-engine.js';

/** The saved search index, in DATA_DIR (see `index-file.ts`). */
const INDEX_FILE = 'search-index.bin';

/** The search engine for this process: the in-process index (a dedicated engine would be chosen here). */
export function createSearchEngine(config: Config, db: Kysely<Database>, events: EventBus, log: Logger): SearchEngine {
  return new InProcessSearchEngine(db, events, {
    pollMs: config.search.SEARCH_POLL_MS,
    popularityRefreshMs: config.search.SEARCH_POPULARITY_REFRESH_MS,
    indexFile: config.search.SEARCH_SAVE_INDEX ? path.join(config.database.DATA_DIR, INDEX_FILE) : null,
    onError: (error, context) => log.error({ err: error }, `search: ${context} failed`),
    onNotice: (message) => log.info(message),
  });
}
