import { useQuery } from '@tanstack/react-query';
import { hasIds } from '../../../api/cache-rules';
import { api, unwrap } from '../../../api/client';
import { keyFor } from '../../../api/keys';
import type { components } from '../../../api/schema.gen';

export type VersionTrust = components['schemas']['VersionTrust'];

/** `GET /nodes/{nodeId}/versions/{version}/trust`: the version's provenance for its trust panel. */
export const useVersionTrust = (nodeId: string, version: string) =>
  useQuery({
    queryKey: keyFor(`/nodes/${nodeId}/versions/${version}/trust`),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/nodes/{nodeId}/versions/{version}/trust', { params: { path: { nodeId, version } }, signal })),
    enabled: hasIds(nodeId, version),
  });
