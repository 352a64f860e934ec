import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { identityCall } from '../../../api/identity-call';
import { keyFor } from '../../../api/keys';
import { sessionApi } from '../../../api/session-fetch';

/** `POST /api/auth/update-user`: the display name and picture. */
export const updateProfile = (body: { name: string; image: string | null }) =>
  unwrap(sessionApi.POST('/api/auth/update-user', { body }));

/** `POST /api/auth/revoke-sessions`: ends every session of the account, this one included. */
export const revokeAllSessions = () =>
  identityCall<unknown>('/api/auth/revoke-sessions', { method: 'POST', body: '{}' });

/** `POST /api/auth/change-password`; other sessions end, this one gets a fresh cookie. */
export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  unwrap(sessionApi.POST('/api/auth/change-password', { body: { ...body, revokeOtherSessions: true } }));

/**
 * `POST /api/auth/change-email`: mails a link to the new address; the address changes when it is
 * opened, and the confirmation page then returns to the account page.
 */
export const changeEmail = (newEmail: string) =>
  unwrap(
    sessionApi.POST('/api/auth/change-email', {
      body: {
        newEmail,
        callbackURL: `${window.location.origin}/auth/verify-email?fromUrl=${encodeURIComponent('/account')}`,
      },
    }),
  );

/** `GET /users/account-deletion`: what deleting the account would change, shown before confirming. */
export const useDeletionImpact = () =>
  useQuery({
    queryKey: keyFor('/users/account-deletion'),
    queryFn: ({ signal }) => unwrap(api.GET('/users/account-deletion', { signal })),
  });

/** `POST /api/auth/delete-user`: accounts with a password confirm with it. */
export const deleteAccount = (password: string | null) =>
  unwrap(sessionApi.POST('/api/auth/delete-user', { body: password === null ? {} : { password } }));

/** `POST /api/auth/two-factor/enable`: the authenticator URI and recovery codes; on once a code is confirmed. */
export const startTwoFactor = (password: string) =>
  unwrap(sessionApi.POST('/api/auth/two-factor/enable', { body: { password } }));

/** `POST /api/auth/two-factor/verify-totp` with a session: confirms the setup and turns it on. */
export const confirmTwoFactor = (code: string) =>
  unwrap(sessionApi.POST('/api/auth/two-factor/verify-totp', { body: { code } }));

/** `POST /api/auth/two-factor/generate-backup-codes`: new recovery codes, the old ones stop working. */
export const regenerateRecoveryCodes = (password: string) =>
  unwrap(sessionApi.POST('/api/auth/two-factor/generate-backup-codes', { body: { password } }));

/** `POST /api/auth/two-factor/disable`. */
export const disableTwoFactor = (password: string) =>
  unwrap(sessionApi.POST('/api/auth/two-factor/disable', { body: { password } }));
