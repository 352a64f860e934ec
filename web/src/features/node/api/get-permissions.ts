import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasIds } from '../../../api/cache-rules';
import { api, unwrap } from '../../../api/client';

/** `GET /publishers/{publisherId}/nodes/{nodeId}/permissions`: whether the caller may manage the pack. */
export const getPackPermissions = (publisherId: string, nodeId: string, signal?: AbortSignal) =>
  unwrap(
    api.GET('/publishers/{publisherId}/nodes/{nodeId}/permissions', {
      params: { path: { publisherId, nodeId } },
      signal,
    }),
  );

export const packPermissionsQuery = (publisherId: string, nodeId: string, signedIn: boolean) =>
  queryOptions({
    queryKey: [`/publishers/${publisherId}/nodes/${nodeId}/permissions`],
    queryFn: ({ signal }) => getPackPermissions(publisherId, nodeId, signal),
    enabled: signedIn && hasIds(publisherId, nodeId),
    retry: false,
  });

/** Whether the signed-in caller owns (or administers) the pack; off when signed out. */
export const usePackPermissions = (publisherId: string, nodeId: string, signedIn: boolean) =>
  useQuery(packPermissionsQuery(publisherId, nodeId, signedIn));
