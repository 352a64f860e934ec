import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { hasIds } from '../../../api/cache-rules';
import { api, unwrap } from '../../../api/client';
import { ApiError, apiErrorFrom } from '../../../api/errors';
import { storedIdentityToken, subscribeIdentityToken } from '../../../api/identity-token';
import { sessionApi } from '../../../api/session-fetch';
import { config } from '../../../lib/config';

/** Whether an identity token is ready, so signed-in-only calls can start. */
export function useHasToken(): boolean {
  return useSyncExternalStore(
    subscribeIdentityToken,
    () => storedIdentityToken() !== null,
    () => false,
  );
}

/** The pack to claim (same cache entry as its public page). */
export const useClaimNode = (nodeId: string) =>
  useQuery(
    queryOptions({
      queryKey: [`/nodes/${nodeId}`],
      queryFn: ({ signal }) => unwrap(api.GET('/nodes/{nodeId}', { params: { path: { nodeId } }, signal })),
      enabled: hasIds(nodeId),
    }),
  );

/** `GET /users/publishers/`: the publishers the caller belongs to. */
export const useMyPublishers = (enabled: boolean) =>
  useQuery({
    queryKey: ['/users/publishers/'],
    queryFn: ({ signal }) => unwrap(api.GET('/users/publishers/', { signal })),
    enabled,
  });

/** `GET /auth/config`: whether GitHub sign-in is offered at all. */
export const useAuthProviders = () =>
  useQuery({
    queryKey: ['/auth/config'],
    queryFn: () => unwrap(sessionApi.GET('/auth/config')),
  });

/** One sign-in method linked to the account (`GET /api/auth/list-accounts`). */
interface LinkedAccount {
  providerId: string;
}

async function identityCall<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${config.apiUrl}${path}`, {
      ...init,
      credentials: 'include',
      headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
    });
  } catch {
    throw new ApiError(0, 'network error');
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw apiErrorFrom(response.status, body);
  return body as T;
}

/** Whether a GitHub sign-in is linked to the signed-in account. */
export const useGitHubLinked = (enabled: boolean) =>
  useQuery({
    queryKey: ['/api/auth/list-accounts'],
    queryFn: async () => {
      const accounts = await identityCall<LinkedAccount[]>('/api/auth/list-accounts');
      return Array.isArray(accounts) && accounts.some((a) => a.providerId === 'github');
    },
    enabled,
  });

/** Starts linking GitHub to the account; resolves with the GitHub page to go to. */
export async function startGitHubLink(callbackURL: string): Promise<string> {
  const answer = await identityCall<{ url?: string }>('/api/auth/link-social', {
    method: 'POST',
    body: JSON.stringify({ provider: 'github', callbackURL, errorCallbackURL: callbackURL }),
  });
  if (!answer.url) throw new ApiError(0, 'no provider URL');
  return answer.url;
}

/** The GitHub access token of the linked account (used once for the claim, never stored). */
export async function gitHubAccessToken(): Promise<string> {
  const answer = await identityCall<{ accessToken?: string }>('/api/auth/get-access-token', {
    method: 'POST',
    body: JSON.stringify({ providerId: 'github' }),
  });
  if (!answer.accessToken) throw new ApiError(0, 'no GitHub token');
  return answer.accessToken;
}

/** `POST /publishers/{p}/nodes/{n}/claim-my-node`. */
export const claimNode = (publisherId: string, nodeId: string, githubToken: string) =>
  unwrap(
    api.POST('/publishers/{publisherId}/nodes/{nodeId}/claim-my-node', {
      params: { path: { publisherId, nodeId } },
      body: { GH_TOKEN: githubToken },
    }),
  );

/** `POST /nodes/{n}/claim-requests`: asks the administrators (registries without GitHub sign-in). */
export const requestClaim = (nodeId: string, publisherId: string, message: string) =>
  unwrap(
    api.POST('/nodes/{nodeId}/claim-requests', {
      params: { path: { nodeId } },
      body: { publisher_id: publisherId, message },
    }),
  );
