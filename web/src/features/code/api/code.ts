import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasIds } from '../../../api/cache-rules';
import { api, unwrap } from '../../../api/client';
import { keyFor } from '../../../api/keys';
import type { components } from '../../../api/schema.gen';

export type FileListing = components['schemas']['VersionFileListing'];
export type VersionFile = components['schemas']['VersionFile'];
export type Comparison = components['schemas']['VersionComparison'];
export type ChangedFile = Comparison['files'][number];

/** A version's archive never changes, so what was read of it stays good for the whole visit. */
const FOREVER = Number.POSITIVE_INFINITY;

/** `GET /nodes/{nodeId}/versions/{version}/files`: the archive's files with sizes and kinds. */
export const fileListingQuery = (nodeId: string, version: string) =>
  queryOptions({
    queryKey: keyFor(`/nodes/${nodeId}/versions/${version}/files`),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/nodes/{nodeId}/versions/{version}/files', { params: { path: { nodeId, version } }, signal })),
    enabled: hasIds(nodeId, version),
    staleTime: FOREVER,
  });

export const useFileListing = (nodeId: string, version: string) => useQuery(fileListingQuery(nodeId, version));

const FILE_ROUTE = '/nodes/{nodeId}/versions/{version}/files/{*}';

/** The file route with the path in place of `{*}` (each segment encoded). */
function filePathUrl(path: string): typeof FILE_ROUTE {
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  return FILE_ROUTE.replace('{*}', encoded) as typeof FILE_ROUTE;
}

/** `GET /nodes/{nodeId}/versions/{version}/files/{path}`: one file's text (or its size, when binary). */
export const useVersionFile = (nodeId: string, version: string, path: string) =>
  useQuery({
    queryKey: keyFor(`/nodes/${nodeId}/versions/${version}/files`, path),
    queryFn: ({ signal }) =>
      unwrap(
        // The client fills in named parameters only, never the `{*}` of a file's path: the path is
        // written into the address here, its folders kept as URL folders.
        api.GET(filePathUrl(path), { params: { path: { nodeId, version, '*': path } }, signal }),
      ),
    enabled: hasIds(nodeId, version, path),
    staleTime: FOREVER,
  });

/** `GET /nodes/{nodeId}/compare/{from}...{to}`: what changed, with each file's diff. */
export const useComparison = (nodeId: string, from: string, to: string) =>
  useQuery({
    queryKey: keyFor(`/nodes/${nodeId}/compare/${from}...${to}`),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/nodes/{nodeId}/compare/{range}', { params: { path: { nodeId, range: `${from}...${to}` } }, signal }),
      ),
    enabled: hasIds(nodeId, from, to),
    staleTime: FOREVER,
  });
