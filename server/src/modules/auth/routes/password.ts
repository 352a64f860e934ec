import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_BASE_PATH } from '../better-auth.js';
import { AuthError } from '../errors.js';
import { normalizePassword } from '../password-policy.js';
import type { AuthRuntime } from '../runtime.js';
import {
  authErrors,
  ChangeEmailBody,
  ChangePasswordBody,
  ChangePasswordResponse,
  DeleteUserBody,
  DeleteUserResponse,
  SessionResponse,
  SignInBody,
  SignInResponse,
  SignOutResponse,
  SignUpBody,
  SignUpResponse,
  StatusResponse,
  UpdateUserBody,
} from '../schemas.js';
import { AUTH_BODY_LIMIT } from './limits.js';

const tags = ['identity'];

/** E-mail and password: sign up, sign in, sign out, the session, password change, profile. */
export function passwordRoutes(runtime: AuthRuntime): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      `${AUTH_BASE_PATH}/sign-up/email`,
      {
        bodyLimit: AUTH_BODY_LIMIT,
        schema: {
          operationId: 'signUpEmail',
          tags,
          summary: 'Create an account with e-mail and password',
          description:
            'Sends a confirmation e-mail. When confirmation is required, the answer has `token: null` and no session; an address that already has an account gets the same answer (its owner is told by e-mail), so sign-up does not reveal accounts. When it is not required, the new session cookie is set and an existing address answers 409 EMAIL_ALREADY_IN_USE.',
          body: SignUpBody,
          response: { 200: SignUpResponse, ...authErrors(400, 403, 409, 413, 429) },
        },
      },
      async (request, reply) => {
        await runtime.limits.spendAddressBudget('sign-up', request.ip);
        const email = runtime.email(request.body.email);
        const password = runtime.newPassword(request.body.password);
        const name = cleanName(request.body.name);
        await runtime.limits.spendMailBudget(email);
        const answer = await runtime.forward(request, { body: { ...request.body, email, password, name } });
        return runtime.send(answer, reply, request.url);
      },
    );

    app.post(
      `${AUTH_BASE_PATH}/sign-in/email`,
      {
        bodyLimit: AUTH_BODY_LIMIT,
        schema: {
          operationId: 'signInEmail',
          tags,
          summary: 'Sign in with e-mail and password (sets the session cookie)',
          body: SignInBody,
          response: { 200: SignInResponse, ...authErrors(400, 401, 403, 413, 429) },
        },
      },
      async (request, reply) => {
        const ip = request.ip;
        const email = runtime.email(request.body.email);
        await runtime.limits.spendSignInBudget(email, ip);
        await runtime.limits.checkSignInAllowed(email, ip);
        const answer = await runtime.forward(request, {
          body: { ...request.body, email, password: normalizePassword(request.body.password) },
        });
        const code = (answer.json as { code?: unknown } | undefined)?.code;
        if (answer.status === 200) await runtime.limits.recordSuccess(email, ip);
        else if (code === 'INVALID_EMAIL_OR_PASSWORD' || code === 'PASSWORD_TOO_LONG') {
          await runtime.limits.recordFailure(email, ip);
        }
        return runtime.send(answer, reply, request.url);
      },
    );

    app.post(
      `${AUTH_BASE_PATH}/sign-out`,
      {
        bodyLimit: AUTH_BODY_LIMIT,
        schema: {
          operationId: 'signOut',
          tags,
          summary: 'End the session: deletes it on the server and clears the cookie',
          response: { 200: SignOutResponse, ...authErrors(403, 429) },
        },
      },
      async (request, reply) => {
        await runtime.limits.spendAddressBudget('other', request.ip);
        return runtime.send(await runtime.forward(request, { body: {} }), reply, request.url);
      },
    );

    app.get(
      `${AUTH_BASE_PATH}/get-session`,
      {
        schema: {
          operationId: 'getSession',
          tags,
          summary: 'The current session and its account, or null',
          response: { 200: SessionResponse },
        },
      },
      async (request, reply) => runtime.send(await runtime.forward(request), reply, request.url),
    );

    app.post(
      `${AUTH_BASE_PATH}/change-password`,
      {
        bodyLimit: AUTH_BODY_LIMIT,
        schema: {
          operationId: 'changePassword',
          tags,
          summary: 'Change the password of the signed-in account',
          body: ChangePasswordBody,
          response: { 200: ChangePasswordResponse, ...authErrors(400, 401, 403, 413, 429) },
        },
      },
      async (request, reply) => {
        await runtime.limits.spendAddressBudget('other', request.ip);
        const newPassword = runtime.newPassword(request.body.newPassword);
        const currentPassword = normalizePassword(request.body.currentPassword);
        const answer = await runtime.forward(request, { body: { ...request.body, currentPassword, newPassword } });
        return runtime.send(answer, reply, request.url);
      },
    );

    app.post(
      `${AUTH_BASE_PATH}/change-email`,
      {
        bodyLimit: AUTH_BODY_LIMIT,
        schema: {
          operationId: 'changeEmail',
          tags,
          summary: 'Change the address of the signed-in account once the new address is confirmed',
          description:
            'Mails a confirmation link to the new address; the address changes when the link is opened. The answer is the same when the new address already belongs to an account (nothing is sent then), so it reveals no accounts.',
          body: ChangeEmailBody,
          response: { 200: StatusResponse, ...authErrors(400, 401, 403, 413, 429) },
        },
      },
      async (request, reply) => {
        await runtime.limits.spendAddressBudget('email', request.ip);
        const newEmail = runtime.email(request.body.newEmail);
        await runtime.limits.spendMailBudget(newEmail);
        const answer = await runtime.forward(request, { body: { ...request.body, newEmail } });
        return runtime.send(answer, reply, request.url);
      },
    );

    app.post(
      `${AUTH_BASE_PATH}/delete-user`,
      {
        bodyLimit: AUTH_BODY_LIMIT,
        schema: {
          operationId: 'deleteAuthUser',
          tags,
          summary: 'Delete the signed-in account (packs stay published)',
          description:
            "Accounts with a password send it (400 WRONG_PASSWORD when wrong); accounts without one need a session from the last day (403 REQUIRES_RECENT_LOGIN). The account's memberships, star ratings, sessions and sign-in methods go; its packs stay public. The publishing tokens it made, and all tokens of publishers it owned alone, are deleted.",
          body: DeleteUserBody,
          response: { 200: DeleteUserResponse, ...authErrors(400, 401, 403, 413, 429) },
        },
      },
      async (request, reply) => {
        await runtime.limits.spendAddressBudget('other', request.ip);
        const body = request.body.password === undefined ? {} : { password: normalizePassword(request.body.password) };
        return runtime.send(await runtime.forward(request, { body }), reply, request.url);
      },
    );

    app.post(
      `${AUTH_BASE_PATH}/update-user`,
      {
        bodyLimit: AUTH_BODY_LIMIT,
        schema: {
          operationId: 'updateAuthUser',
          tags,
          summary: 'Change the display name or picture of the signed-in account',
          body: UpdateUserBody,
          response: { 200: StatusResponse, ...authErrors(400, 401, 403, 413, 429) },
        },
      },
      async (request, reply) => {
        await runtime.limits.spendAddressBudget('other', request.ip);
        const body = {
          ...request.body,
          ...(request.body.name === undefined ? {} : { name: cleanName(request.body.name) }),
        };
        return runtime.send(await runtime.forward(request, { body }), reply, request.url);
      },
    );
  };
}

/** A display name without control characters or surrounding space. */
function cleanName(raw: string): string {
  const name = raw.normalize('NFC').trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(name)) {
    throw new AuthError('INVALID_REQUEST', { message: 'The name must not contain control characters.' });
  }
  return name;
}
