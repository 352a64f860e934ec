import { unwrap } from '../../../api/client';
import { sessionApi } from '../../../api/session-fetch';

/** `POST /api/auth/request-password-reset`: e-mails a link that lands on `redirectTo?token=...`. */
export const requestPasswordReset = (body: { email: string; redirectTo: string }) =>
  unwrap(sessionApi.POST('/api/auth/request-password-reset', { body }));

/** `POST /api/auth/reset-password` with the token from the e-mailed link. */
export const resetPassword = (body: { newPassword: string; token: string }) =>
  unwrap(sessionApi.POST('/api/auth/reset-password', { body }));

/** `GET /api/auth/verify-email?token=`: confirms an address from the e-mailed link. */
export const verifyEmail = (token: string) =>
  unwrap(sessionApi.GET('/api/auth/verify-email', { params: { query: { token } } }));

/** `POST /api/auth/send-verification-email`: sends the confirmation link again. */
export const sendVerificationEmail = (body: { email: string; callbackURL: string }) =>
  unwrap(sessionApi.POST('/api/auth/send-verification-email', { body }));
