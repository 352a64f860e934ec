import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasIds } from '../cache-rules';
import { api, unwrap } from '../client';
import { keyFor } from '../keys';

/** `GET /publishers/{publisherId}/nodes/{nodeId}/permissions`: whether the caller may manage the pack. */
export const getPackPermissions = (publisherId: string, nodeId: string, signal?: AbortSignal) =>
  unwrap(
    api.GET('/publishers/{publisherId}/nodes/{nodeId}/permissions', {
      params: { path: { publisherId, nodeId } },
      signal,
    }),
  );

export const packPermissionsKey = (publisherId: string, nodeId: string) =>
  keyFor(`/publishers/${publisherId}/nodes/${nodeId}/permissions`);

/** Asked only when `enabled` (someone is signed in) and both ids are known. */
export const packPermissionsQuery = (publisherId: string | undefined, nodeId: string, enabled: boolean) =>
  queryOptions({
    queryKey: packPermissionsKey(publisherId ?? '', nodeId),
    queryFn: ({ signal }) => getPackPermissions(publisherId ?? '', nodeId, signal),
    enabled: enabled && hasIds(publisherId, nodeId),
  });

/** Whether the signed-in caller owns (or administers) the pack. */
export const usePackPermissions = (publisherId: string | undefined, nodeId: string, enabled: boolean) =>
  useQuery(packPermissionsQuery(publisherId, nodeId, enabled));
