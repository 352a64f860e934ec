import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AUTH_BASE_PATH } from '../better-auth.js';
import type { AuthRuntime } from '../runtime.js';
import {
  authErrors,
  EmailBody,
  RequestResetBody,
  ResetPasswordBody,
  StatusResponse,
  VerifyEmailQuery,
} from '../schemas.js';
import { AUTH_BODY_LIMIT } from './limits.js';

const tags = ['identity'];

/** Password reset and e-mail confirmation, both driven by links sent by e-mail. */
export function recoveryRoutes(runtime: AuthRuntime): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      `${AUTH_BASE_PATH}/request-password-reset`,
      {
        bodyLimit: AUTH_BODY_LIMIT,
        schema: {
          operationId: 'requestPasswordReset',
          tags,
          summary: 'E-mail a single-use reset link (the same answer whether or not the account exists)',
          body: RequestResetBody,
          response: { 200: StatusResponse, ...authErrors(400, 403, 413, 429) },
        },
      },
      async (request, reply) => {
        await runtime.limits.spendAddressBudget('email', request.ip);
        const email = runtime.email(request.body.email);
        await runtime.limits.spendMailBudget(email);
        const answer = await runtime.forward(request, { body: { ...request.body, email } });
        return runtime.send(answer, reply, request.url);
      },
    );

    app.post(
      `${AUTH_BASE_PATH}/reset-password`,
      {
        bodyLimit: AUTH_BODY_LIMIT,
        schema: {
          operationId: 'resetPassword',
          tags,
          summary: 'Set a new password with the token from the reset link; signs out every session',
          body: ResetPasswordBody,
          response: { 200: StatusResponse, ...authErrors(400, 413, 429) },
        },
      },
      async (request, reply) => {
        await runtime.limits.spendAddressBudget('other', request.ip);
        const newPassword = runtime.newPassword(request.body.newPassword);
        const answer = await runtime.forward(request, { body: { ...request.body, newPassword } });
        return runtime.send(answer, reply, request.url);
      },
    );

    app.post(
      `${AUTH_BASE_PATH}/send-verification-email`,
      {
        bodyLimit: AUTH_BODY_LIMIT,
        schema: {
          operationId: 'sendVerificationEmail',
          tags,
          summary: 'E-mail a new confirmation link (the same answer whether or not the account exists)',
          body: EmailBody,
          response: { 200: StatusResponse, ...authErrors(400, 403, 413, 429) },
        },
      },
      async (request, reply) => {
        await runtime.limits.spendAddressBudget('email', request.ip);
        const email = runtime.email(request.body.email);
        await runtime.limits.spendMailBudget(email);
        const answer = await runtime.forward(request, { body: { ...request.body, email } });
        return runtime.send(answer, reply, request.url);
      },
    );

    app.get(
      `${AUTH_BASE_PATH}/verify-email`,
      {
        schema: {
          operationId: 'verifyEmail',
          tags,
          summary: 'Confirm an address with the token from the confirmation link',
          description:
            'Opening a link again after it worked answers 200 as well. With `callbackURL` the answer is a redirect there (with `?error=` on failure).',
          querystring: VerifyEmailQuery,
          response: {
            200: Type.Object({ status: Type.Boolean(), user: Type.Null() }, { additionalProperties: true }),
            ...authErrors(400, 404),
          },
        },
      },
      async (request, reply) => runtime.send(await runtime.forward(request), reply, request.url),
    );
  };
}
