import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AuthRuntime } from '../runtime.js';

const JwksResponse = Type.Object(
  { keys: Type.Array(Type.Object({}, { additionalProperties: true })) },
  { title: 'JsonWebKeySet' },
);

/** `GET /.well-known/jwks.json`: the public keys identity tokens are signed with. */
export function jwksRoutes(runtime: AuthRuntime): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/.well-known/jwks.json',
      {
        schema: {
          operationId: 'getJwks',
          tags: ['identity'],
          summary: 'Public keys that verify identity tokens',
          response: { 200: JwksResponse },
        },
      },
      async (_request, reply) => {
        // Short caching: a key created by another instance shows up within minutes.
        reply.header('cache-control', 'public, max-age=300');
        return runtime.ctx.identity.jwks();
      },
    );
  };
}
