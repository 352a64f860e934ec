import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_BASE_PATH } from '../better-auth.js';
import type { AuthRuntime } from '../runtime.js';
import { AUTH_BODY_LIMIT } from './limits.js';

/**
 * Every other better-auth endpoint (OAuth callbacks, session lists, linked accounts, ...),
 * passed through with the identity error format. Writes spend the client address's budget.
 */
export function passthroughRoutes(runtime: AuthRuntime): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.route({
      method: ['GET', 'POST'],
      url: `${AUTH_BASE_PATH}/*`,
      bodyLimit: AUTH_BODY_LIMIT,
      schema: { hide: true },
      handler: async (request, reply) => {
        if (request.method !== 'GET') await runtime.limits.spendAddressBudget('other', request.ip);
        return runtime.send(await runtime.forward(request), reply, request.url);
      },
    });
  };
}
