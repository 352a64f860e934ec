import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { keyFor } from '../../../api/keys';
import { nodeKey } from '../../../api/queries/node';
import { nodeVersionsKey, nodeVersionsOfStatusesQuery } from '../../../api/queries/node-versions';
import type { components, paths } from '../../../api/schema.gen';

export type Node = components['schemas']['Node'];
export type NodeVersion = components['schemas']['NodeVersion'];
export type NodeStatus = Node['status'];
export const NODE_STATUSES: readonly NodeStatus[] = ['NodeStatusActive', 'NodeStatusBanned', 'NodeStatusDeleted'];

export interface NodeListParams {
  q: string;
  status: NodeStatus | '';
  page: number;
}

export const NODES_PAGE_SIZE = 20;

/** `GET /admin/nodes`: every pack, searched and filtered on the server. */
export const adminNodesQuery = (params: NodeListParams) =>
  queryOptions({
    queryKey: keyFor('/admin/nodes', params),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/admin/nodes', {
          params: {
            query: {
              q: params.q || undefined,
              status: params.status ? [params.status] : undefined,
              page: params.page,
              limit: NODES_PAGE_SIZE,
            },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const useAdminNodes = (params: NodeListParams) => useQuery(adminNodesQuery(params));

/** Every version of a pack but deleted ones, highest first, whatever its status. */
export const useAdminNodeVersions = (nodeId: string) =>
  useQuery(
    nodeVersionsOfStatusesQuery(
      nodeId,
      ['NodeVersionStatusActive', 'NodeVersionStatusPending', 'NodeVersionStatusFlagged', 'NodeVersionStatusBanned'],
      { fresh: true },
    ),
  );

export type AdminNodeUpdate = NonNullable<
  paths['/admin/nodes/{nodeId}']['put']['requestBody']
>['content']['application/json'];

export const updateNode = (nodeId: string, body: AdminNodeUpdate) =>
  unwrap(api.PUT('/admin/nodes/{nodeId}', { params: { path: { nodeId } }, body }));

export const banNode = (publisherId: string, nodeId: string, reason: string) =>
  unwrap(
    api.POST('/publishers/{publisherId}/nodes/{nodeId}/ban', {
      params: { path: { publisherId, nodeId } },
      body: { reason },
    }),
  );

export const unbanNode = (publisherId: string, nodeId: string, reason: string) =>
  unwrap(
    api.POST('/publishers/{publisherId}/nodes/{nodeId}/unban', {
      params: { path: { publisherId, nodeId } },
      body: { reason },
    }),
  );

export type NewUnclaimedNode = NonNullable<paths['/admin/nodes']['post']['requestBody']>['content']['application/json'];

export const createUnclaimedNode = (body: NewUnclaimedNode) => unwrap(api.POST('/admin/nodes', { body }));

export type VersionCompatUpdate = {
  supported_os: string[];
  supported_accelerators: string[];
  supported_comfyui_version: string;
  supported_comfyui_frontend_version: string;
};

export const updateVersionCompat = (nodeId: string, versionNumber: string, body: VersionCompatUpdate) =>
  unwrap(
    api.PUT('/admin/nodes/{nodeId}/versions/{versionNumber}', {
      params: { path: { nodeId, versionNumber } },
      body,
    }),
  );

/** The queries a pack write changes: lists, the pack, its versions, search. */
export const packKeys = (nodeId: string) => [
  keyFor('/admin/nodes'),
  nodeKey(nodeId),
  nodeVersionsKey(nodeId),
  keyFor('/nodes/search'),
];
