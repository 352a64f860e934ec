import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { apiErrorFrom } from '../../../api/errors';
import { sessionApi } from '../../../api/session-fetch';
import { config } from '../../../lib/config';

/** The session query key the app shares (the header reads the same one). */
export const sessionKey = ['/api/auth/get-session'] as const;

/** `GET /api/auth/get-session`: the account behind the cookie. */
export const sessionQuery = () =>
  queryOptions({ queryKey: sessionKey, queryFn: () => unwrap(sessionApi.GET('/api/auth/get-session')) });

export const useSession = () => useQuery(sessionQuery());

/** `POST /api/auth/update-user`: the display name and picture. */
export const updateProfile = (body: { name: string; image: string | null }) =>
  unwrap(sessionApi.POST('/api/auth/update-user', { body }));

/** One way to sign in linked to the account (`credential` is e-mail and password). */
export interface LinkedAccount {
  id: string;
  providerId: string;
  accountId: string;
  createdAt: string;
}

/** Calls an identity endpoint the OpenAPI document does not describe (better-auth's own). */
async function identityCall<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${config.apiUrl}${path}`, {
    ...init,
    credentials: 'include',
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) throw apiErrorFrom(response.status, body);
  return body as T;
}

/** Reads the linked accounts list, keeping only well-formed entries. */
export function toLinkedAccounts(body: unknown): LinkedAccount[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((entry: unknown) => {
    if (!entry || typeof entry !== 'object') return [];
    const row = entry as Record<string, unknown>;
    if (typeof row.id !== 'string' || typeof row.providerId !== 'string') return [];
    return [
      {
        id: row.id,
        providerId: row.providerId,
        accountId: typeof row.accountId === 'string' ? row.accountId : '',
        createdAt: typeof row.createdAt === 'string' ? row.createdAt : '',
      },
    ];
  });
}

/** `GET /api/auth/list-accounts`. */
export const linkedAccountsQuery = () =>
  queryOptions({
    queryKey: ['/api/auth/list-accounts'],
    queryFn: async () => toLinkedAccounts(await identityCall<unknown>('/api/auth/list-accounts')),
  });

export const useLinkedAccounts = () => useQuery(linkedAccountsQuery());

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
    queryKey: ['/users/account-deletion'],
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
