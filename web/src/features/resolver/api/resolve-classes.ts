import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { keyFor } from '../../../api/keys';

/** `POST /comfy-nodes/resolve`: core, providing pack or unknown for each node type. */
export const resolveClasses = async (names: string[], signal?: AbortSignal) =>
  (await unwrap(api.POST('/comfy-nodes/resolve', { body: { names }, signal }))).results;

// Keyed apart from the POST path: a successful POST invalidates its own path's queries.
export const resolveClassesQuery = (names: string[]) =>
  queryOptions({
    queryKey: keyFor('workflow-resolution', names),
    queryFn: ({ signal }) => resolveClasses(names, signal),
    enabled: names.length > 0,
  });

/** The resolution of a workflow's node types (idle while there are none). */
export const useResolvedClasses = (names: string[]) => useQuery(resolveClassesQuery(names));
