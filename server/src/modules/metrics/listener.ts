import Fastify, { type FastifyInstance } from 'fastify';
import type { OperationsConfig } from '../../config/operations.js';
import type { AppContext } from '../../context.js';
import { installErrorHandling } from '../../lib/error-handler.js';
import { clusterMetricsText } from './registry.js';
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

/**
 * The metrics listener of a cluster's primary: one scrape answers with every worker's series
 * (labelled `worker`), so a scraper never depends on which worker the port hands it to.
 */
export async function buildClusterMetricsApp(operations: OperationsConfig): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  installErrorHandling(app);
  metricsRoute(app, operations.METRICS_TOKEN, clusterMetricsText);
  await app.ready();
  return app;
}
