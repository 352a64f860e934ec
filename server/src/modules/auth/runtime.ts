import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { AUTH_BASE_PATH, type RegistryAuth } from './better-auth.js';
import { authPath, type ForwardedResponse, type ForwardOverrides, forwardToAuth, sendForwarded } from './bridge.js';
import { normalizeEmail } from './email.js';
import { AuthError, weakPassword } from './errors.js';
import { brokenPasswordRule, normalizePassword, type PasswordPolicy } from './password-policy.js';
import type { SignInLimits } from './rate-limits.js';

/** What the identity routes share: better-auth, the limits and the policy. */
export class AuthRuntime {
  constructor(
    readonly ctx: AppContext,
    readonly auth: RegistryAuth,
    readonly limits: SignInLimits,
    readonly policy: PasswordPolicy,
  ) {}

  /** Sends a request through better-auth and returns its answer unread by the client yet. */
  forward(request: FastifyRequest, overrides: ForwardOverrides = {}): Promise<ForwardedResponse> {
    return forwardToAuth(this.auth, this.ctx.config.server.PUBLIC_API_URL, request, overrides);
  }

  /** Answers with better-auth's response (errors in the registry's format). */
  send(from: ForwardedResponse, reply: FastifyReply, url: string): FastifyReply {
    return sendForwarded(from, reply, authPath(url, AUTH_BASE_PATH));
  }

  /** An address in canonical form, or 400 INVALID_EMAIL. */
  email(raw: string): string {
    const email = normalizeEmail(raw);
    if (!email) throw new AuthError('INVALID_EMAIL');
    return email;
  }

  /** A new password in canonical form, or 400 WEAK_PASSWORD naming the broken rule. */
  newPassword(raw: string): string {
    const password = normalizePassword(raw);
    const rule = brokenPasswordRule(this.policy, password);
    if (rule) throw weakPassword(rule);
    return password;
  }
}
