import { unwrap } from '../../../api/client';
import { sessionApi } from '../../../api/session-fetch';

/** `POST /api/auth/sign-in/email`. */
export const signInEmail = (body: { email: string; password: string }) =>
  unwrap(sessionApi.POST('/api/auth/sign-in/email', { body }));

/** What a right password answers for an account with two-factor sign-in: no session yet. */
export interface TwoFactorRequired {
  twoFactorRedirect: true;
}

/** Whether a sign-in answer still needs the second step. */
export const needsSecondFactor = (answer: object): answer is TwoFactorRequired =>
  'twoFactorRedirect' in answer && answer.twoFactorRedirect === true;

/**
 * Finishes a sign-in with the code from the authenticator app, or a recovery code (each works
 * once); the server sets the session cookie.
 */
export const verifySecondFactor = (kind: 'totp' | 'recovery', code: string) =>
  kind === 'totp'
    ? unwrap(sessionApi.POST('/api/auth/two-factor/verify-totp', { body: { code } }))
    : unwrap(sessionApi.POST('/api/auth/two-factor/verify-backup-code', { body: { code } }));

/** `POST /api/auth/sign-up/email`; `callbackURL` is where the verification link lands. */
export const signUpEmail = (body: { email: string; password: string; name: string; callbackURL?: string }) =>
  unwrap(sessionApi.POST('/api/auth/sign-up/email', { body }));

/** `POST /api/auth/sign-out`. */
export const signOut = () => unwrap(sessionApi.POST('/api/auth/sign-out'));
