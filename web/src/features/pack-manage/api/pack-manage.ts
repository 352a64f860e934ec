import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { hasIds } from '../../../api/cache-rules';
import { api, unwrap } from '../../../api/client';
import { storedIdentityToken, subscribeIdentityToken } from '../../../api/identity-token';
import type { components } from '../../../api/schema.gen';

export type Pack = components['schemas']['Node'];
export type PackVersion = components['schemas']['NodeVersion'];
export type ProcessingStatus = components['schemas']['ProcessingStatus'];
export type ScanFinding = components['schemas']['ScanFinding'];

/** Whether an identity token is ready, so signed-in-only calls can start. */
export function useHasToken(): boolean {
  return useSyncExternalStore(
    subscribeIdentityToken,
    () => storedIdentityToken() !== null,
    () => false,
  );
}

/** `GET /nodes/{nodeId}`: the pack being managed (same cache entry as its public page). */
export const packQuery = (nodeId: string) =>
  queryOptions({
    queryKey: [`/nodes/${nodeId}`],
    queryFn: ({ signal }) => unwrap(api.GET('/nodes/{nodeId}', { params: { path: { nodeId } }, signal })),
    enabled: hasIds(nodeId),
  });

export const usePack = (nodeId: string) => useQuery(packQuery(nodeId));

/** `GET /nodes/{nodeId}/versions`: every version except deleted ones, with status reasons. */
export const packVersionsQuery = (nodeId: string) =>
  queryOptions({
    queryKey: [`/nodes/${nodeId}/versions`],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/nodes/{nodeId}/versions', {
          params: { path: { nodeId }, query: { include_status_reason: true } },
          signal,
        }),
      ),
    enabled: hasIds(nodeId),
  });

export const usePackVersions = (nodeId: string) => useQuery(packVersionsQuery(nodeId));

/** `GET /publishers/{p}/nodes/{n}/permissions`: whether the caller may change the pack. */
export const usePackPermission = (publisherId: string | undefined, nodeId: string, enabled: boolean) =>
  useQuery({
    queryKey: [`/publishers/${publisherId ?? ''}/nodes/${nodeId}/permissions`],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/publishers/{publisherId}/nodes/{nodeId}/permissions', {
          params: { path: { publisherId: publisherId ?? '', nodeId } },
          signal,
        }),
      ),
    enabled: enabled && hasIds(publisherId, nodeId),
  });

/** Fields the manage form edits. */
export interface PackEdit {
  name: string;
  description: string;
  icon: string;
  license: string;
  repository: string;
  tags: string[];
}

/** `PUT /publishers/{p}/nodes/{n}`. */
export const updatePack = (publisherId: string, nodeId: string, body: PackEdit) =>
  unwrap(api.PUT('/publishers/{publisherId}/nodes/{nodeId}', { params: { path: { publisherId, nodeId } }, body }));

/** `PUT /publishers/{p}/nodes/{n}/versions/{v}` with the deprecation flag. */
export const setVersionDeprecated = (publisherId: string, nodeId: string, versionId: string, deprecated: boolean) =>
  unwrap(
    api.PUT('/publishers/{publisherId}/nodes/{nodeId}/versions/{versionId}', {
      params: { path: { publisherId, nodeId, versionId } },
      body: { deprecated },
    }),
  );

/** `DELETE /publishers/{p}/nodes/{n}/versions/{v}`. */
export const deleteVersion = (publisherId: string, nodeId: string, versionId: string) =>
  unwrap(
    api.DELETE('/publishers/{publisherId}/nodes/{nodeId}/versions/{versionId}', {
      params: { path: { publisherId, nodeId, versionId } },
    }),
  );

/** `DELETE /publishers/{p}/nodes/{n}`. */
export const deletePack = (publisherId: string, nodeId: string) =>
  unwrap(api.DELETE('/publishers/{publisherId}/nodes/{nodeId}', { params: { path: { publisherId, nodeId } } }));

/** `GET .../versions/{versionId}/processing`: one poll of an upload's processing. */
export const getProcessing = (publisherId: string, nodeId: string, versionId: string, signal?: AbortSignal) =>
  unwrap(
    api.GET('/publishers/{publisherId}/nodes/{nodeId}/versions/{versionId}/processing', {
      params: { path: { publisherId, nodeId, versionId } },
      signal,
    }),
  );

/**
 * After a write to a pack: refetch everything that shows it (its page and versions, the
 * publisher's pack lists, Your Nodes, search), whatever path the write itself touched.
 */
export function invalidatePack(queryClient: QueryClient, publisherId: string, nodeId: string): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const key = query.queryKey[0];
      if (typeof key !== 'string') return false;
      return (
        key === `/nodes/${nodeId}` ||
        key.startsWith(`/nodes/${nodeId}/`) ||
        key.startsWith(`/publishers/${publisherId}`) ||
        key.startsWith('/users/publishers') ||
        key === '/nodes' ||
        key.startsWith('/nodes/search') ||
        key.startsWith('/search')
      );
    },
  });
}
