import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_BASE_PATH } from '../better-auth.js';
import type { AuthRuntime } from '../runtime.js';
import { authErrors, OAuth2SignInBody, RedirectResponse, SocialSignInBody } from '../schemas.js';
import { AUTH_BODY_LIMIT } from './limits.js';

const tags = ['identity'];

/**
 * Starting a federated sign-in. The answer names the provider page to open; the provider sends
 * the browser back to `/api/auth/callback/<provider>`, which sets the session cookie and
 * redirects to `callbackURL` (or `errorCallbackURL`, default the web app's sign-in page, with
 * `?error=<code>`).
 */
export function federatedRoutes(runtime: AuthRuntime): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      `${AUTH_BASE_PATH}/sign-in/social`,
      {
        bodyLimit: AUTH_BODY_LIMIT,
        schema: {
          operationId: 'signInSocial',
          tags,
          summary: 'Start signing in with GitHub, Google or the OpenID Connect provider',
          body: SocialSignInBody,
          response: { 200: RedirectResponse, ...authErrors(400, 403, 404, 413, 429) },
        },
      },
      async (request, reply) => {
        await runtime.limits.spendAddressBudget('sign-in', request.ip);
        return runtime.send(await runtime.forward(request), reply, request.url);
      },
    );

    app.post(
      `${AUTH_BASE_PATH}/sign-in/oauth2`,
      {
        bodyLimit: AUTH_BODY_LIMIT,
        schema: {
          operationId: 'signInOAuth2',
          tags,
          summary: 'Start signing in with the OpenID Connect provider (`providerId: "oidc"`)',
          body: OAuth2SignInBody,
          response: { 200: RedirectResponse, ...authErrors(400, 403, 404, 413, 429) },
        },
      },
      async (request, reply) => {
        await runtime.limits.spendAddressBudget('sign-in', request.ip);
        // better-auth serves every provider, generic ones included, through sign-in/social.
        const { providerId, ...rest } = request.body;
        const url = `${AUTH_BASE_PATH}/sign-in/social`;
        return runtime.send(
          await runtime.forward(request, { url, body: { ...rest, provider: providerId } }),
          reply,
          url,
        );
      },
    );
  };
}
