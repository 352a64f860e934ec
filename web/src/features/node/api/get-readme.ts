import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasIds, statusOf } from '../../../api/cache-rules';
import { api, unwrap } from '../../../api/client';
import { keyFor } from '../../../api/keys';

/**
 * `GET /nodes/{nodeId}/versions/{version}/readme`: the README of one version, or null when its
 * archive has none (a 404 here is an answer, not a failure).
 */
export const getReadme = async (nodeId: string, version: string, signal?: AbortSignal) => {
  try {
    return await unwrap(
      api.GET('/nodes/{nodeId}/versions/{version}/readme', { params: { path: { nodeId, version } }, signal }),
    );
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
};

export const readmeQuery = (nodeId: string, version: string) =>
  queryOptions({
    queryKey: keyFor(`/nodes/${nodeId}/versions/${version}/readme`),
    queryFn: ({ signal }) => getReadme(nodeId, version, signal),
    enabled: hasIds(nodeId, version),
  });

/** The README of the version the pack page shows (off while `version` is empty). */
export const useReadme = (nodeId: string, version: string) => useQuery(readmeQuery(nodeId, version));
