import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { installErrorHandling } from '../../lib/error-handler.js';
import { metricsRoute } from './routes.js';

/**
 * The app behind METRICS_HOST:METRICS_PORT: `/metrics` only, for a scraper on a private network.
 * METRICS_TOKEN, when also set, is required here too.
 */
export async function buildMetricsApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.decorate('ctx', ctx);
  installErrorHandling(app);
  metricsRoute(app, ctx.config.operations.METRICS_TOKEN);
  await app.ready();
  return app;
}
