import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasIds } from '../../../api/cache-rules';
import { api, unwrap } from '../../../api/client';
import { keyFor } from '../../../api/keys';
import type { components } from '../../../api/schema.gen';
import { isUnclaimed } from '../../../lib/catalogue/unclaimed';
import { embeddedFetchedAt, takeEmbedded } from '../../../lib/embedded-data';

export type ResolvedComfyNode = components['schemas']['ResolveComfyNodesResponse']['results'][number];
export type ComfyNode = components['schemas']['ComfyNode'];
type Node = components['schemas']['Node'];

/**
 * The resolution the server would answer for `name`, from the providing pack the web listener
 * embedded in a shared class page (`/comfy-nodes/<name>/node`, chosen by the same rule).
 */
export function resolutionFromPack(name: string, pack: Node): ResolvedComfyNode {
  // The server decides the commands once; every pack answer carries them.
  const commands = pack.install_commands;
  return {
    name,
    status: 'pack',
    pack: {
      id: pack.id,
      name: pack.name,
      publisher:
        pack.publisher && !isUnclaimed(pack.publisher.id) ? { id: pack.publisher.id, name: pack.publisher.name } : null,
      latest_version: pack.latest_version?.version ?? null,
      repository: pack.repository,
      install_command: commands[0]?.command ?? null,
      install_commands: commands,
    },
  };
}

/** `POST /comfy-nodes/resolve` for one class: core, the providing pack, or unknown. */
export const resolveClass = async (name: string, signal?: AbortSignal): Promise<ResolvedComfyNode | undefined> =>
  (await unwrap(api.POST('/comfy-nodes/resolve', { body: { names: [name] }, signal }))).results[0];

// Keyed apart from the POST path: a successful POST invalidates its own path's queries.
export const resolveClassQuery = (name: string) =>
  queryOptions({
    queryKey: keyFor('comfy-node-resolution', name),
    queryFn: ({ signal }) => resolveClass(name, signal),
    enabled: hasIds(name),
    // A shared class page's first paint uses the pack the web listener embedded; it revalidates as usual.
    initialData: () => {
      const pack = takeEmbedded<Node>(`/comfy-nodes/${name}/node`);
      return pack ? resolutionFromPack(name, pack) : undefined;
    },
    initialDataUpdatedAt: embeddedFetchedAt,
  });

/** Which pack provides the class (or core / unknown). */
export const useResolvedClass = (name: string) => useQuery(resolveClassQuery(name));

/** `GET /comfy-nodes?comfy_node_name=`: every definition of the class across active packs. */
export const classDefinitionsQuery = (name: string) =>
  queryOptions({
    queryKey: keyFor('/comfy-nodes', { comfy_node_name: name }),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/comfy-nodes', { params: { query: { comfy_node_name: name, pageSize: 100 } }, signal })),
    enabled: hasIds(name),
  });

/** The class's definitions, by pack and version. */
export const useClassDefinitions = (name: string) => useQuery(classDefinitionsQuery(name));
