import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AUTH_BASE_PATH } from '../better-auth.js';
import { copyResponseHeaders } from '../bridge.js';
import { AuthError } from '../errors.js';
import type { AuthRuntime } from '../runtime.js';
import { authErrors } from '../schemas.js';
import { findUserById } from '../users-repository.js';

const IdentityTokenResponse = Type.Object(
  {
    token: Type.String({ description: 'ES256 JWT; send as `Authorization: Bearer <token>`.' }),
    expiresAt: Type.String({ format: 'date-time' }),
  },
  { title: 'IdentityToken' },
);

/**
 * `GET /auth/token`: exchanges the session cookie for a short-lived identity token. The session
 * is read from the database each time, so a signed-out session or a banned account gets no
 * new token.
 */
export function tokenRoutes(runtime: AuthRuntime): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/auth/token',
      {
        schema: {
          operationId: 'getIdentityToken',
          tags: ['identity'],
          summary: 'Exchange the session cookie for an identity token',
          response: { 200: IdentityTokenResponse, ...authErrors(401, 403, 429) },
        },
      },
      async (request, reply) => {
        const answer = await runtime.forward(request, { url: `${AUTH_BASE_PATH}/get-session` });
        // A refreshed session cookie must reach the browser even on this route.
        copyResponseHeaders(answer, reply);
        reply.removeHeader('content-type');
        const userId = sessionUserId(answer.status, answer.json);
        if (!userId) throw new AuthError('UNAUTHENTICATED');
        const user = await findUserById(runtime.ctx.db, userId);
        if (!user) throw new AuthError('UNAUTHENTICATED');
        if (user.status === 'BANNED') throw new AuthError('USER_DISABLED');
        const { token, expiresAt } = await runtime.ctx.identity.sign({
          uid: user.id,
          email: user.email,
          name: user.name,
          picture: user.image,
        });
        reply.header('cache-control', 'no-store');
        return { token, expiresAt: expiresAt.toISOString() };
      },
    );
  };
}

function sessionUserId(status: number, body: unknown): string | null {
  if (status !== 200 || !body || typeof body !== 'object') return null;
  const user = (body as { user?: { id?: unknown } }).user;
  return typeof user?.id === 'string' ? user.id : null;
}
