import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { hasIds } from '../../../api/cache-rules';
import { api, unwrap } from '../../../api/client';
import { storedIdentityToken, subscribeIdentityToken } from '../../../api/identity-token';

/** `GET /publishers/{publisherId}/permissions`: whether the signed-in caller may manage it. */
export const permissionQuery = (publisherId: string, signedIn: boolean) =>
  queryOptions({
    queryKey: [`/publishers/${publisherId}/permissions`],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/publishers/{publisherId}/permissions', { params: { path: { publisherId } }, signal })),
    enabled: signedIn && hasIds(publisherId),
    retry: false,
  });

/** Whether the visitor may manage the publisher (false while signed out or unknown). */
export function useCanManage(publisherId: string): boolean {
  const signedIn = useSyncExternalStore(
    subscribeIdentityToken,
    () => storedIdentityToken() !== null,
    () => false,
  );
  const permission = useQuery(permissionQuery(publisherId, signedIn));
  return signedIn && permission.data?.canEdit === true;
}
