import type { FastifyPluginAsync } from 'fastify';
import type { SearchServices } from '../service.js';
import { PopularQueries } from '../suggestions/popular-queries.js';
import { QueryLog } from '../suggestions/query-log.js';
import { searchNodesRoute } from './search-nodes.js';
import { suggestionsRoute } from './suggestions.js';

/** How often counted searches are written to the database. */
const QUERY_LOG_FLUSH_MS = 10_000;

/**
 * The search module: its routes, and the lifecycle of the app's search engine. The engine builds
 * its index when the app becomes ready (so `await app.ready()` means searches are answered from
 * the whole catalogue) and stops following changes when the app closes.
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
  };
  app.addHook('onReady', async () => {
    await services.engine.start();
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
