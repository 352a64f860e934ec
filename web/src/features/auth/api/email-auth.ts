import { unwrap } from '../../../api/client';
import { sessionApi } from '../../../api/session-fetch';

/** `POST /api/auth/sign-in/email`. */
export const signInEmail = (body: { email: string; password: string }) =>
  unwrap(sessionApi.POST('/api/auth/sign-in/email', { body }));

/** `POST /api/auth/sign-up/email`; `callbackURL` is where the verification link lands. */
export const signUpEmail = (body: { email: string; password: string; name: string; callbackURL?: string }) =>
  unwrap(sessionApi.POST('/api/auth/sign-up/email', { body }));

/** `POST /api/auth/sign-out`. */
export const signOut = () => unwrap(sessionApi.POST('/api/auth/sign-out'));
