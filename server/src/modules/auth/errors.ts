import type { PasswordRule } from './password-policy.js';

/**
 * The stable error codes of every identity endpoint (`/api/auth/*`, `/auth/*`). The web app
 * translates these; their meaning never changes once released. docs/identity.md lists them.
 */
export const AUTH_ERRORS = {
  EMAIL_ALREADY_IN_USE: { status: 409, message: 'An account with this e-mail address already exists.' },
  INVALID_EMAIL: { status: 400, message: 'This is not a valid e-mail address.' },
  INVALID_CREDENTIAL: { status: 401, message: 'Wrong e-mail address or password.' },
  WRONG_PASSWORD: { status: 400, message: 'The current password is wrong.' },
  USER_NOT_FOUND: { status: 404, message: 'No such account.' },
  TOO_MANY_REQUESTS: { status: 429, message: 'Too many attempts. Try again later.' },
  USER_DISABLED: { status: 403, message: 'This account has been disabled.' },
  REQUIRES_RECENT_LOGIN: { status: 403, message: 'Sign in again to do this.' },
  WEAK_PASSWORD: { status: 400, message: 'The password does not meet the password policy.' },
  EMAIL_NOT_VERIFIED: { status: 403, message: 'Confirm your e-mail address first: we sent you a link.' },
  INVALID_TOKEN: { status: 400, message: 'This link is invalid, expired or already used.' },
  UNAUTHENTICATED: { status: 401, message: 'Not signed in.' },
  INVALID_REQUEST: { status: 400, message: 'The request is not valid.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  PROVIDER_NOT_FOUND: { status: 400, message: 'This sign-in provider is not enabled.' },
  INVALID_ORIGIN: { status: 403, message: 'This request did not come from a trusted origin.' },
  INVALID_TWO_FACTOR_CODE: { status: 401, message: 'This code is wrong or has expired.' },
  INVALID_RECOVERY_CODE: { status: 401, message: 'This recovery code is wrong or has already been used.' },
  TWO_FACTOR_EXPIRED: {
    status: 401,
    message: 'This sign-in has expired or had too many wrong codes. Sign in with your password again.',
  },
  TWO_FACTOR_ALREADY_ENABLED: { status: 409, message: 'Two-factor sign-in is already on.' },
  TWO_FACTOR_NOT_ENABLED: { status: 400, message: 'Two-factor sign-in is not on for this account.' },
  FORBIDDEN: { status: 403, message: 'This is not allowed.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  INTERNAL: { status: 500, message: 'Something went wrong on our side.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type AuthErrorCode = keyof typeof AUTH_ERRORS;

/** The JSON body of an identity error answer. */
export interface AuthErrorBody {
  code: AuthErrorCode;
  message: string;
  rule?: PasswordRule;
}

/** An identity error: answered as `{code, message, rule?}` with the code's status. */
export class AuthError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  readonly rule: PasswordRule | undefined;

  constructor(
    readonly code: AuthErrorCode,
    options: { message?: string; rule?: PasswordRule; retryAfterSeconds?: number } = {},
  ) {
    super(options.message ?? AUTH_ERRORS[code].message);
    this.name = 'AuthError';
    this.statusCode = AUTH_ERRORS[code].status;
    this.rule = options.rule;
    this.headers =
      options.retryAfterSeconds === undefined
        ? {}
        : { 'retry-after': String(Math.max(1, Math.ceil(options.retryAfterSeconds))) };
  }

  /** The answer body. */
  toBody(): AuthErrorBody {
    return { code: this.code, message: this.message, ...(this.rule ? { rule: this.rule } : {}) };
  }
}

/** A WEAK_PASSWORD error naming the rule that failed. */
export function weakPassword(rule: PasswordRule): AuthError {
  const messages: Record<PasswordRule, string> = {
    minLength: 'The password is too short.',
    maxLength: 'The password is too long.',
    lowercase: 'The password needs a lower-case letter.',
    uppercase: 'The password needs an upper-case letter.',
    numeric: 'The password needs a digit.',
    nonAlphanumeric: 'The password needs a character that is not a letter or digit.',
    whitespace: 'The password cannot be only spaces.',
    common: 'This password is one of the most commonly used passwords, which are guessed first. Choose another.',
  };
  return new AuthError('WEAK_PASSWORD', { message: messages[rule], rule });
}

/** The generic code for an error status that carries no more precise code. */
export function codeForStatus(status: number): AuthErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'TOO_MANY_REQUESTS';
  if (status >= 400 && status < 500) return 'INVALID_REQUEST';
  return 'INTERNAL';
}
