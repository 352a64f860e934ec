import type { FastifyPluginAsync } from 'fastify';
import { searchAnswerCache } from '../answer-cache.js';
import { PackCardCache } from '../pack-cards.js';
import type { SearchServices } from '../service.js';
import { PopularQueries } from '../suggestions/popular-queries.js';
import { QueryLog } from '../suggestions/query-log.js';
import { searchNodesRoute } from './search-nodes.js';
import { suggestionsRoute } from './suggestions.js';

/** Search hits kept as cards (see `PackCardCache`): a few MiB, the packs that top searches. */
const PACK_CARDS_KEPT = 4096;

/** How often counted searches are written to the database. */
const QUERY_LOG_FLUSH_MS = 10_000;

/**
 * The search module: its routes, and the lifecycle of the app's search engine. The engine starts
 * building its index when the app becomes ready, in the background: the rest of the API answers
 * at once (at 100k packs the build takes seconds), and searches wait until the index holds the
 * whole catalogue. It stops following changes when the app closes.
 */
const searchModule: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const services: SearchServices = {
    engine: ctx.search,
    queryLog: new QueryLog(ctx.db, {
      flushMs: QUERY_LOG_FLUSH_MS,
      onError: (error) => app.log.error({ err: error }, 'writing search counts failed'),
    }),
    popular: new PopularQueries(ctx.db, ctx.config.search.SEARCH_SUGGEST_MIN_COUNT),
    answers: searchAnswerCache({ maxBytes: ctx.config.search.SEARCH_CACHE_MAX_BYTES }),
    // Follows the answer cache: off with it, so `SEARCH_CACHE_MAX_BYTES=0` measures every search in full.
    cards: new PackCardCache(ctx.config.search.SEARCH_CACHE_MAX_BYTES > 0 ? PACK_CARDS_KEPT : 0),
  };
  app.addHook('onReady', async () => {
    const began = performance.now();
    services.engine.start().then(
      () => app.log.info({ ms: Math.round(performance.now() - began) }, 'search index built'),
      (error: unknown) => app.log.error({ err: error }, 'building the search index failed'),
    );
    services.queryLog.start();
  });
  app.addHook('onClose', async () => {
    await services.queryLog.stop();
    await services.engine.stop();
  });
  await app.register(searchNodesRoute(services));
  await app.register(suggestionsRoute(services));
};

export default searchModule;
