import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_BASE_PATH } from '../better-auth.js';
import { normalizePassword } from '../password-policy.js';
import type { AuthRuntime } from '../runtime.js';
import {
  authErrors,
  PasswordBody,
  RecoveryCodesResponse,
  StatusResponse,
  TwoFactorCodeBody,
  TwoFactorEnableResponse,
  TwoFactorVerifiedResponse,
} from '../schemas.js';
import { AUTH_BODY_LIMIT } from './limits.js';

const tags = ['identity'];
const base = `${AUTH_BASE_PATH}/two-factor`;

/**
 * Two-factor sign-in (TOTP and recovery codes). Turning it on, off and new recovery codes need
 * the signed-in session and the password; the two verify routes either confirm the setup (with
 * a session) or finish an e-mail and password sign-in (with the two-factor cookie it set).
 * better-auth checks the caller; the bodies are narrowed here to the fields the registry offers.
 */
export function twoFactorRoutes(runtime: AuthRuntime): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      `${base}/enable`,
      {
        bodyLimit: AUTH_BODY_LIMIT,
        schema: {
          operationId: 'enableTwoFactor',
          tags,
          summary: 'Start setting up an authenticator app (confirm with verify-totp)',
          description:
            'Answers the `otpauth://` URI and the recovery codes. Sign-in asks for a code only once a first code has been confirmed with `verify-totp`; until then the setup can be started again.',
          body: PasswordBody,
          response: { 200: TwoFactorEnableResponse, ...authErrors(400, 401, 403, 409, 413, 429) },
        },
      },
      async (request, reply) => {
        await runtime.limits.spendAddressBudget('other', request.ip);
        const body = { password: normalizePassword(request.body.password), method: 'totp' };
        return runtime.send(await runtime.forward(request, { body }), reply, request.url);
      },
    );

    for (const [path, operationId, summary] of [
      ['verify-totp', 'verifyTwoFactorTotp', 'Confirm a 6-digit code from the authenticator app'],
      ['verify-backup-code', 'verifyTwoFactorRecoveryCode', 'Finish signing in with a recovery code (each works once)'],
    ] as const) {
      app.post(
        `${base}/${path}`,
        {
          bodyLimit: AUTH_BODY_LIMIT,
          schema: {
            operationId,
            tags,
            summary,
            description:
              'With the two-factor cookie of a sign-in, a right code creates the session (cookie set); five wrong codes end that sign-in attempt. With a session, the code confirms the setup and turns two-factor sign-in on.',
            body: TwoFactorCodeBody,
            response: { 200: TwoFactorVerifiedResponse, ...authErrors(400, 401, 403, 413, 429) },
          },
        },
        async (request, reply) => {
          await runtime.limits.spendAddressBudget('sign-in', request.ip);
          const body = { code: request.body.code.trim() };
          return runtime.send(await runtime.forward(request, { body }), reply, request.url);
        },
      );
    }

    app.post(
      `${base}/generate-backup-codes`,
      {
        bodyLimit: AUTH_BODY_LIMIT,
        schema: {
          operationId: 'regenerateRecoveryCodes',
          tags,
          summary: 'Replace the recovery codes (the old ones stop working)',
          body: PasswordBody,
          response: { 200: RecoveryCodesResponse, ...authErrors(400, 401, 403, 413, 429) },
        },
      },
      async (request, reply) => {
        await runtime.limits.spendAddressBudget('other', request.ip);
        const body = { password: normalizePassword(request.body.password) };
        return runtime.send(await runtime.forward(request, { body }), reply, request.url);
      },
    );

    app.post(
      `${base}/disable`,
      {
        bodyLimit: AUTH_BODY_LIMIT,
        schema: {
          operationId: 'disableTwoFactor',
          tags,
          summary: 'Turn two-factor sign-in off (secret and recovery codes are deleted)',
          body: PasswordBody,
          response: { 200: StatusResponse, ...authErrors(400, 401, 403, 413, 429) },
        },
      },
      async (request, reply) => {
        await runtime.limits.spendAddressBudget('other', request.ip);
        const body = { password: normalizePassword(request.body.password) };
        return runtime.send(await runtime.forward(request, { body }), reply, request.url);
      },
    );
  };
}
