import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasIds } from '../../../api/cache-rules';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema.gen';

export type ResolvedComfyNode = components['schemas']['ResolveComfyNodesResponse']['results'][number];
export type ComfyNode = components['schemas']['ComfyNode'];

/** `POST /comfy-nodes/resolve` for one class: core, the providing pack, or unknown. */
export const resolveClass = async (name: string, signal?: AbortSignal): Promise<ResolvedComfyNode | undefined> =>
  (await unwrap(api.POST('/comfy-nodes/resolve', { body: { names: [name] }, signal }))).results[0];

// Keyed apart from the POST path: a successful POST invalidates its own path's queries.
export const resolveClassQuery = (name: string) =>
  queryOptions({
    queryKey: ['comfy-node-resolution', name],
    queryFn: ({ signal }) => resolveClass(name, signal),
    enabled: hasIds(name),
  });

/** Which pack provides the class (or core / unknown). */
export const useResolvedClass = (name: string) => useQuery(resolveClassQuery(name));

/** `GET /comfy-nodes?comfy_node_name=`: every definition of the class across active packs. */
export const classDefinitionsQuery = (name: string) =>
  queryOptions({
    queryKey: ['/comfy-nodes', { comfy_node_name: name }],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/comfy-nodes', { params: { query: { comfy_node_name: name, pageSize: 100 } }, signal })),
    enabled: hasIds(name),
  });

/** The class's definitions, by pack and version. */
export const useClassDefinitions = (name: string) => useQuery(classDefinitionsQuery(name));
