import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { keyFor } from '../../../api/keys';
import { nodeVersionsOfStatusesQuery } from '../../../api/queries/node-versions';
import type { components } from '../../../api/schema.gen';
import { readReason } from '../../../lib/catalogue/system-reasons';
import { isFinished } from '../lib/processing';

export type Pack = components['schemas']['Node'];
export type PackVersion = components['schemas']['NodeVersion'];
export type ProcessingStatus = components['schemas']['ProcessingStatus'];
export type ScanFinding = components['schemas']['ScanFinding'];

/** Fields the manage form edits. */
export interface PackEdit {
  name: string;
  description: string;
  icon: string;
  license: string;
  repository: string;
  tags: string[];
}

/** `PUT /publishers/{p}/nodes/{n}`. */
export const updatePack = (publisherId: string, nodeId: string, body: PackEdit) =>
  unwrap(api.PUT('/publishers/{publisherId}/nodes/{nodeId}', { params: { path: { publisherId, nodeId } }, body }));

/** `PUT /publishers/{p}/nodes/{n}/versions/{v}` with the deprecation flag. */
export const setVersionDeprecated = (publisherId: string, nodeId: string, versionId: string, deprecated: boolean) =>
  unwrap(
    api.PUT('/publishers/{publisherId}/nodes/{nodeId}/versions/{versionId}', {
      params: { path: { publisherId, nodeId, versionId } },
      body: { deprecated },
    }),
  );

/** `DELETE /publishers/{p}/nodes/{n}/versions/{v}`. */
export const deleteVersion = (publisherId: string, nodeId: string, versionId: string) =>
  unwrap(
    api.DELETE('/publishers/{publisherId}/nodes/{nodeId}/versions/{versionId}', {
      params: { path: { publisherId, nodeId, versionId } },
    }),
  );

/** `DELETE /publishers/{p}/nodes/{n}`. */
export const deletePack = (publisherId: string, nodeId: string) =>
  unwrap(api.DELETE('/publishers/{publisherId}/nodes/{nodeId}', { params: { path: { publisherId, nodeId } } }));

/** `GET .../versions/{versionId}/processing`: one poll of an upload's processing. */
export const getProcessing = (publisherId: string, nodeId: string, versionId: string, signal?: AbortSignal) =>
  unwrap(
    api.GET('/publishers/{publisherId}/nodes/{nodeId}/versions/{versionId}/processing', {
      params: { path: { publisherId, nodeId, versionId } },
      signal,
    }),
  );

/** One upload's processing, polled until it finishes (never kept once the panel is gone). */
export const processingQuery = (publisherId: string, nodeId: string, versionId: string, pollMs: number) =>
  queryOptions({
    queryKey: keyFor('pack-manage/processing', publisherId, nodeId, versionId),
    queryFn: ({ signal }) => getProcessing(publisherId, nodeId, versionId, signal),
    enabled: versionId !== '',
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data.stage) ? false : pollMs),
    gcTime: 0,
  });

/**
 * The pack's versions as its publisher manages them: every live one, and those whose archive the
 * pipeline rejected (Deleted with its reason), so the publisher learns why. Versions deleted on
 * purpose stay out, as on the pack's page.
 */
export const managedVersionsQuery = (nodeId: string) =>
  queryOptions({
    ...nodeVersionsOfStatusesQuery(nodeId, [
      'NodeVersionStatusActive',
      'NodeVersionStatusPending',
      'NodeVersionStatusFlagged',
      'NodeVersionStatusBanned',
      'NodeVersionStatusDeleted',
    ]),
    select: (versions) =>
      versions.filter(
        (v) => v.status !== 'NodeVersionStatusDeleted' || readReason(v.status_reason).kind === 'rejected',
      ),
  });
