import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasIds } from '../cache-rules';
import { api, unwrap } from '../client';
import { keyFor } from '../keys';

/** `GET /publishers/{publisherId}/permissions`: whether the caller may manage the publisher. */
export const getPublisherPermissions = (publisherId: string, signal?: AbortSignal) =>
  unwrap(api.GET('/publishers/{publisherId}/permissions', { params: { path: { publisherId } }, signal }));

export const publisherPermissionsKey = (publisherId: string) => keyFor(`/publishers/${publisherId}/permissions`);

/** Asked only when `enabled` (a visitor without a token cannot manage anything). */
export const publisherPermissionsQuery = (publisherId: string, enabled = true) =>
  queryOptions({
    queryKey: publisherPermissionsKey(publisherId),
    queryFn: ({ signal }) => getPublisherPermissions(publisherId, signal),
    enabled: enabled && hasIds(publisherId),
  });

export const usePublisherPermissions = (publisherId: string, enabled = true) =>
  useQuery(publisherPermissionsQuery(publisherId, enabled));
