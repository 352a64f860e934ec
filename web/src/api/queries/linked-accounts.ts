import { queryOptions, useQuery } from '@tanstack/react-query';
import { identityCall } from '../identity-call';
import { keyFor } from '../keys';

/** One way to sign in linked to the account (`credential` is e-mail and password). */
export interface LinkedAccount {
  id: string;
  providerId: string;
  accountId: string;
  createdAt: string;
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

export const linkedAccountsKey = () => keyFor('/api/auth/list-accounts');

/** `GET /api/auth/list-accounts`. */
export const linkedAccountsQuery = (enabled = true) =>
  queryOptions({
    queryKey: linkedAccountsKey(),
    queryFn: async () => toLinkedAccounts(await identityCall<unknown>('/api/auth/list-accounts')),
    enabled,
  });

export const useLinkedAccounts = (enabled = true) => useQuery(linkedAccountsQuery(enabled));
