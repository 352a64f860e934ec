import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { enabledProviders } from '../providers.js';
import type { AuthRuntime } from '../runtime.js';

const AuthConfigResponse = Type.Object(
  {
    providers: Type.Array(
      Type.Object({
        id: Type.String(),
        name: Type.String(),
        type: Type.Union([Type.Literal('social'), Type.Literal('oidc')]),
      }),
    ),
    passwordPolicy: Type.Object({
      minLength: Type.Integer(),
      maxLength: Type.Union([Type.Integer(), Type.Null()]),
      requireLowercase: Type.Boolean(),
      requireUppercase: Type.Boolean(),
      requireNumeric: Type.Boolean(),
      requireNonAlphanumeric: Type.Boolean(),
    }),
    emailVerificationRequired: Type.Boolean(),
  },
  { title: 'AuthConfig' },
);

/** `GET /auth/config`: what the sign-in screens offer and enforce, public. */
export function configRoutes(runtime: AuthRuntime): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/auth/config',
      {
        schema: {
          operationId: 'getAuthConfig',
          tags: ['identity'],
          summary: 'Enabled sign-in providers, the password policy and whether e-mail must be confirmed',
          response: { 200: AuthConfigResponse },
        },
      },
      async () => ({
        providers: enabledProviders(runtime.ctx.config.auth),
        passwordPolicy: runtime.policy,
        emailVerificationRequired: runtime.ctx.config.auth.EMAIL_VERIFICATION_REQUIRED,
      }),
    );
  };
}
