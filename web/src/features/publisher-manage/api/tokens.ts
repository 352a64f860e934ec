import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasIds } from '../../../api/cache-rules';
import { api, unwrap } from '../../../api/client';
import { keyFor } from '../../../api/keys';
import type { components } from '../../../api/schema.gen';

export type AccessToken = components['schemas']['PersonalAccessToken'];

/** `GET /publishers/{id}/tokens`: masked. */
/** The key of a publisher's tokens (the tokens section refreshes it after a change). */
export const tokensKey = (publisherId: string) => keyFor(`/publishers/${publisherId}/tokens`);

export const tokensQuery = (publisherId: string) =>
  queryOptions({
    queryKey: tokensKey(publisherId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/publishers/{publisherId}/tokens', { params: { path: { publisherId } }, signal })),
    enabled: hasIds(publisherId),
  });

export const useTokens = (publisherId: string) => useQuery(tokensQuery(publisherId));

/** `POST /publishers/{id}/tokens`: the answer holds the only copy of the secret. */
export const createToken = (
  publisherId: string,
  body: { name: string; description: string; expiresInDays?: number; nodeIds?: string[] },
) => unwrap(api.POST('/publishers/{publisherId}/tokens', { params: { path: { publisherId } }, body }));

/** `DELETE /publishers/{id}/tokens/{tokenId}`. */
export const deleteToken = (publisherId: string, tokenId: string) =>
  unwrap(api.DELETE('/publishers/{publisherId}/tokens/{tokenId}', { params: { path: { publisherId, tokenId } } }));
