import { queryOptions, useQuery } from '@tanstack/react-query';
import { embeddedFetchedAt, takeEmbedded } from '../../lib/embedded-data';
import { hasIds } from '../cache-rules';
import { api, unwrap } from '../client';
import { keyFor } from '../keys';
import { freshRequest } from '../no-cache';
import type { components } from '../schema.gen';

export type Node = components['schemas']['Node'];

/** `GET /nodes/{nodeId}`: one pack with its latest version. */
export const getNode = (nodeId: string, signal?: AbortSignal, init?: typeof freshRequest) =>
  unwrap(api.GET('/nodes/{nodeId}', { params: { path: { nodeId } }, signal, ...init }));

/** The key of one pack; its versions, comfy-nodes and reviews sit below it. */
export const nodeKey = (nodeId: string) => keyFor(`/nodes/${nodeId}`);

/** The pack as its page, its claim page and its manage page show it (one cache entry). */
export const nodeQuery = (nodeId: string) =>
  queryOptions({
    queryKey: nodeKey(nodeId),
    queryFn: ({ signal }) => getNode(nodeId, signal),
    enabled: hasIds(nodeId),
    // A shared page's first paint uses the answer the web listener embedded; it revalidates as usual.
    initialData: () => takeEmbedded<Node>(`/nodes/${nodeId}`),
    initialDataUpdatedAt: embeddedFetchedAt,
  });

/**
 * The same entry asked past any CDN (no-cache headers): an administrator moderating a pack must
 * see the server's answer, banned packs included, not a copy cached for visitors.
 */
export const freshNodeQuery = (nodeId: string) =>
  queryOptions({
    queryKey: nodeKey(nodeId),
    queryFn: ({ signal }) => getNode(nodeId, signal, freshRequest),
    enabled: hasIds(nodeId),
  });

export const useNode = (nodeId: string) => useQuery(nodeQuery(nodeId));

export const useFreshNode = (nodeId: string) => useQuery(freshNodeQuery(nodeId));
