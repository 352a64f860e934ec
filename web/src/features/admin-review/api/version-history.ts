import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasIds } from '../../../api/cache-rules';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema.gen';

export type StatusChange = components['schemas']['NodeVersionStatusChange'];

export const versionHistoryKey = (nodeId: string, version: string) => [
  `/admin/nodes/${nodeId}/versions/${version}/history`,
];

/** `GET /admin/nodes/{nodeId}/versions/{version}/history`: every status change, oldest first. */
export const getVersionHistory = (nodeId: string, versionNumber: string, signal?: AbortSignal) =>
  unwrap(
    api.GET('/admin/nodes/{nodeId}/versions/{versionNumber}/history', {
      params: { path: { nodeId, versionNumber } },
      signal,
    }),
  );

/** A version's status history; loads only when `enabled` (the panel is open). */
export const useVersionHistory = (nodeId: string, versionNumber: string, enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: versionHistoryKey(nodeId, versionNumber),
      queryFn: ({ signal }) => getVersionHistory(nodeId, versionNumber, signal),
      enabled: enabled && hasIds(nodeId, versionNumber),
    }),
  );
