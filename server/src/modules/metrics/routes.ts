import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../lib/errors.js';
import { carriesMetricsToken } from './access.js';
import { type MetricsAnswer, metricsText } from './registry.js';

/**
 * `GET /metrics` on the app it is registered in. With a token, only requests that carry it as a
 * bearer token are answered; the API port registers it only when a token is configured, so the
 * public port never serves metrics to anyone by default.
 */
export function metricsRoute(
  app: FastifyInstance,
  token: string | undefined,
  render: () => Promise<MetricsAnswer> = () => metricsText(app.ctx),
): void {
  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    if (token !== undefined && !carriesMetricsToken(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized('A valid metrics token is required');
    }
    const { contentType, body } = await render();
    return reply.type(contentType).send(body);
  });
}

/** The API module: `/metrics` on the public port, behind METRICS_TOKEN, or absent without one. */
export default async function metricsModule(app: FastifyInstance): Promise<void> {
  const token = app.ctx.config.operations.METRICS_TOKEN;
  if (token !== undefined) metricsRoute(app, token);
}
