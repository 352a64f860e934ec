import { statusOf } from '../api/cache-rules';
import { ApiError } from '../api/errors';

/** Identity error codes the server answers with, each with its own translated message. */
export const authErrorCodes = [
  'EMAIL_ALREADY_IN_USE',
  'INVALID_EMAIL',
  'INVALID_CREDENTIAL',
  'WRONG_PASSWORD',
  'USER_NOT_FOUND',
  'TOO_MANY_REQUESTS',
  'USER_DISABLED',
  'REQUIRES_RECENT_LOGIN',
  'WEAK_PASSWORD',
  'EMAIL_NOT_VERIFIED',
  'INVALID_TOKEN',
  'INVALID_TWO_FACTOR_CODE',
  'INVALID_RECOVERY_CODE',
  'TWO_FACTOR_EXPIRED',
  'TWO_FACTOR_ALREADY_ENABLED',
  'TWO_FACTOR_NOT_ENABLED',
] as const;

const weakRules = [
  'minLength',
  'maxLength',
  'lowercase',
  'uppercase',
  'numeric',
  'nonAlphanumeric',
  'whitespace',
  'common',
];

/**
 * The translation key for an identity error: the code's message (WEAK_PASSWORD per rule), a
 * network message when the server could not be reached, or a generic one.
 */
export function authErrorKey(error: unknown): string {
  if (error instanceof ApiError) {
    const code = error.code;
    if (code === 'WEAK_PASSWORD') {
      const body = error.body as { rule?: unknown } | undefined;
      const rule = typeof body?.rule === 'string' && weakRules.includes(body.rule) ? body.rule : null;
      return rule ? `auth.errors.WEAK_PASSWORD_${rule}` : 'auth.errors.WEAK_PASSWORD';
    }
    if (code && (authErrorCodes as readonly string[]).includes(code)) return `auth.errors.${code}`;
    if (statusOf(error) === 429) return 'auth.errors.TOO_MANY_REQUESTS';
    return 'auth.errors.UNKNOWN';
  }
  if (error instanceof TypeError) return 'auth.errors.NETWORK';
  return 'auth.errors.UNKNOWN';
}
