import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { ApiError } from '../../../api/errors';
import { identityCall } from '../../../api/identity-call';
import { linkedAccountsQuery } from '../../../api/queries/linked-accounts';

/** Whether a GitHub sign-in is linked to the signed-in account. */
export const useGitHubLinked = (enabled: boolean) =>
  useQuery({
    ...linkedAccountsQuery(enabled),
    select: (accounts) => accounts.some((account) => account.providerId === 'github'),
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
