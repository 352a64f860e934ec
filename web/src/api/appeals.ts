import { queryOptions } from '@tanstack/react-query';
import { hasIds } from './cache-rules';
import { api, unwrap } from './client';
import { keyFor } from './keys';
import type { components } from './schema.gen';

export type AppealThread = components['schemas']['AppealThread'];
export type AppealMessage = components['schemas']['AppealMessage'];

const publisherPath = (publisherId: string, nodeId: string, versionId: string) =>
  `/publishers/${publisherId}/nodes/${nodeId}/versions/${versionId}/appeal`;
const adminPath = (nodeId: string, version: string) => `/admin/nodes/${nodeId}/versions/${version}/appeal`;

/**
 * A held version's appeal thread as its publisher reads it. The key is the thread's own path, so
 * a message posted to it refreshes the thread (a POST invalidates its path).
 */
export const publisherAppealQuery = (publisherId: string, nodeId: string, versionId: string, enabled = true) =>
  queryOptions({
    queryKey: keyFor(publisherPath(publisherId, nodeId, versionId)),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/publishers/{publisherId}/nodes/{nodeId}/versions/{versionId}/appeal', {
          params: { path: { publisherId, nodeId, versionId } },
          signal,
        }),
      ),
    enabled: enabled && hasIds(publisherId, nodeId, versionId),
  });

/** `POST .../versions/{versionId}/appeal`: the publisher writes to the reviewers. */
export const postPublisherAppeal = (publisherId: string, nodeId: string, versionId: string, body: string) =>
  unwrap(
    api.POST('/publishers/{publisherId}/nodes/{nodeId}/versions/{versionId}/appeal', {
      params: { path: { publisherId, nodeId, versionId } },
      body: { body },
    }),
  );

/** The same thread as the administrators read it (with every author's address). */
export const adminAppealQuery = (nodeId: string, versionNumber: string, enabled = true) =>
  queryOptions({
    queryKey: keyFor(adminPath(nodeId, versionNumber)),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/admin/nodes/{nodeId}/versions/{versionNumber}/appeal', {
          params: { path: { nodeId, versionNumber } },
          signal,
        }),
      ),
    enabled: enabled && hasIds(nodeId, versionNumber),
  });

/** `POST /admin/nodes/{n}/versions/{v}/appeal`: an administrator answers the publisher. */
export const postAdminAppeal = (nodeId: string, versionNumber: string, body: string) =>
  unwrap(
    api.POST('/admin/nodes/{nodeId}/versions/{versionNumber}/appeal', {
      params: { path: { nodeId, versionNumber } },
      body: { body },
    }),
  );

/** Longest message the server accepts. */
export const MAX_APPEAL_MESSAGE = 4000;
