import { AuthError, type AuthErrorCode, codeForStatus, weakPassword } from './errors.js';

/** better-auth's error codes, by the registry code that stands for them. */
const BY_BETTER_AUTH_CODE: Record<string, AuthErrorCode> = {
  USER_ALREADY_EXISTS: 'EMAIL_ALREADY_IN_USE',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'EMAIL_ALREADY_IN_USE',
  INVALID_EMAIL: 'INVALID_EMAIL',
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_CREDENTIAL',
  INVALID_PASSWORD: 'WRONG_PASSWORD',
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  USER_DISABLED: 'USER_DISABLED',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  INVALID_TOKEN: 'INVALID_TOKEN',
  TOKEN_EXPIRED: 'INVALID_TOKEN',
  SESSION_EXPIRED: 'REQUIRES_RECENT_LOGIN',
  SESSION_NOT_FRESH: 'REQUIRES_RECENT_LOGIN',
  PROVIDER_NOT_FOUND: 'PROVIDER_NOT_FOUND',
  INVALID_ORIGIN: 'INVALID_ORIGIN',
  MISSING_OR_NULL_ORIGIN: 'INVALID_ORIGIN',
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: 'INVALID_ORIGIN',
  INVALID_CALLBACK_URL: 'INVALID_ORIGIN',
  INVALID_REDIRECT_URL: 'INVALID_ORIGIN',
  INVALID_ERROR_CALLBACK_URL: 'INVALID_ORIGIN',
  INVALID_NEW_USER_CALLBACK_URL: 'INVALID_ORIGIN',
  VALIDATION_ERROR: 'INVALID_REQUEST',
  BODY_MUST_BE_AN_OBJECT: 'INVALID_REQUEST',
  FIELD_NOT_ALLOWED: 'INVALID_REQUEST',
  MISSING_FIELD: 'INVALID_REQUEST',
  EMAIL_MISMATCH: 'INVALID_REQUEST',
  EMAIL_ALREADY_VERIFIED: 'INVALID_REQUEST',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'INVALID_REQUEST',
  FAILED_TO_UNLINK_LAST_ACCOUNT: 'INVALID_REQUEST',
  // Two-factor sign-in (better-auth's twoFactor plugin).
  INVALID_CODE: 'INVALID_TWO_FACTOR_CODE',
  INVALID_BACKUP_CODE: 'INVALID_RECOVERY_CODE',
  INVALID_TWO_FACTOR_COOKIE: 'TWO_FACTOR_EXPIRED',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'TWO_FACTOR_EXPIRED',
  TOTP_ALREADY_ENABLED: 'TWO_FACTOR_ALREADY_ENABLED',
  TWO_FACTOR_NOT_ENABLED: 'TWO_FACTOR_NOT_ENABLED',
  TOTP_NOT_ENABLED: 'TWO_FACTOR_NOT_ENABLED',
  BACKUP_CODES_NOT_ENABLED: 'TWO_FACTOR_NOT_ENABLED',
};

/** Codes whose registry message would hide what better-auth said more precisely. */
const KEEP_MESSAGE = new Set<AuthErrorCode>(['INVALID_REQUEST', 'INVALID_ORIGIN', 'FORBIDDEN', 'NOT_FOUND']);

/**
 * Turns an error answer of better-auth into the registry's identity error. `path` is the
 * better-auth path (e.g. `/sign-in/email`), because some codes mean different things per path.
 */
export function fromBetterAuthError(path: string, status: number, body: unknown, headers: Headers): AuthError {
  const { code, message } = readBody(body);
  if (status === 429) {
    const retry = Number(headers.get('x-retry-after') ?? headers.get('retry-after') ?? '60');
    return new AuthError('TOO_MANY_REQUESTS', { retryAfterSeconds: Number.isFinite(retry) ? retry : 60 });
  }
  if (code === 'PASSWORD_TOO_SHORT' || code === 'PASSWORD_TOO_LONG') {
    // On sign-in a too-long password is simply a wrong one.
    if (path.startsWith('/sign-in')) return new AuthError('INVALID_CREDENTIAL');
    return weakPassword(code === 'PASSWORD_TOO_SHORT' ? 'minLength' : 'maxLength');
  }
  const mapped = code ? BY_BETTER_AUTH_CODE[code] : undefined;
  const registryCode = mapped ?? codeForStatus(status);
  const keep = KEEP_MESSAGE.has(registryCode) && message;
  return new AuthError(registryCode, keep ? { message } : {});
}

function readBody(body: unknown): { code?: string; message?: string } {
  if (!body || typeof body !== 'object') return {};
  const { code, message } = body as { code?: unknown; message?: unknown };
  return {
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof message === 'string' && message.length <= 300 ? { message } : {}),
  };
}
