import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasIds } from '../../../api/cache-rules';
import { api, unwrap } from '../../../api/client';
import { keyFor } from '../../../api/keys';

/**
 * `GET /nodes/{nodeId}/versions/{version}`: one version with what only the single read carries,
 * its Python requirements and what node extraction found (`comfy_node_extract_reason`).
 */
export const versionQuery = (nodeId: string, version: string) =>
  queryOptions({
    queryKey: keyFor(`/nodes/${nodeId}/versions/${version}`),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/nodes/{nodeId}/versions/{version}', { params: { path: { nodeId, version } }, signal })),
    enabled: hasIds(nodeId, version),
  });

/** The version the pack page shows (off while `version` is empty). */
export const useVersion = (nodeId: string, version: string) => useQuery(versionQuery(nodeId, version));
