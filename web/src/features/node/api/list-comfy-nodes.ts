import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasIds } from '../../../api/cache-rules';
import { api, unwrap } from '../../../api/client';
import { keyFor } from '../../../api/keys';

/** Definitions shown on the pack page (one request; the server allows up to 1000). */
const LIMIT = 500;

/** `GET /nodes/{nodeId}/versions/{version}/comfy-nodes`: the comfy-node classes of one version. */
export const listComfyNodes = (nodeId: string, version: string, signal?: AbortSignal) =>
  unwrap(
    api.GET('/nodes/{nodeId}/versions/{version}/comfy-nodes', {
      params: { path: { nodeId, version }, query: { limit: LIMIT } },
      signal,
    }),
  );

export const comfyNodesQuery = (nodeId: string, version: string) =>
  queryOptions({
    queryKey: keyFor(`/nodes/${nodeId}/versions/${version}/comfy-nodes`, { limit: LIMIT }),
    queryFn: ({ signal }) => listComfyNodes(nodeId, version, signal),
    enabled: hasIds(nodeId, version),
  });

/** The comfy-node definitions of a version (off while `version` is empty). */
export const useComfyNodes = (nodeId: string, version: string) => useQuery(comfyNodesQuery(nodeId, version));

/** `GET /comfy-nodes?node_id=`: for a pack without versions, the class names imported from the catalogue. */
export const listImportedComfyNodes = async (nodeId: string, signal?: AbortSignal) => {
  const page = await unwrap(
    api.GET('/comfy-nodes', { params: { query: { node_id: nodeId, pageSize: 1000 } }, signal }),
  );
  return { comfy_nodes: page.comfy_nodes.filter((n) => n.node_version === ''), totalNumberOfPages: 1 };
};

export const importedComfyNodesQuery = (nodeId: string, enabled: boolean) =>
  queryOptions({
    queryKey: keyFor('/comfy-nodes', { node_id: nodeId, pageSize: 1000 }),
    queryFn: ({ signal }) => listImportedComfyNodes(nodeId, signal),
    enabled: enabled && hasIds(nodeId),
  });

/** Imported class names of a pack that has no version yet. */
export const useImportedComfyNodes = (nodeId: string, enabled: boolean) =>
  useQuery(importedComfyNodesQuery(nodeId, enabled));
