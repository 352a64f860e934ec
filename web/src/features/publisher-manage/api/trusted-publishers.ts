import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasIds } from '../../../api/cache-rules';
import { api, unwrap } from '../../../api/client';
import { keyFor } from '../../../api/keys';
import type { components } from '../../../api/schema.gen';

export type TrustedPublisher = components['schemas']['TrustedPublisher'];
export type TrustedPublisherBody = components['schemas']['TrustedPublisherRequest'];

/** The key of a publisher's trusted publishers (the section refreshes it after a change). */
export const trustedPublishersKey = (publisherId: string) => keyFor(`/publishers/${publisherId}/trusted-publishers`);

/** `GET /publishers/{id}/trusted-publishers`: owners and admins. */
const trustedPublishersQuery = (publisherId: string) =>
  queryOptions({
    queryKey: trustedPublishersKey(publisherId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/publishers/{publisherId}/trusted-publishers', { params: { path: { publisherId } }, signal })),
    enabled: hasIds(publisherId),
  });

export const useTrustedPublishers = (publisherId: string) => useQuery(trustedPublishersQuery(publisherId));

/** `POST /publishers/{id}/trusted-publishers`. */
export const createTrustedPublisher = (publisherId: string, body: TrustedPublisherBody) =>
  unwrap(api.POST('/publishers/{publisherId}/trusted-publishers', { params: { path: { publisherId } }, body }));

/** `DELETE /publishers/{id}/trusted-publishers/{trustedPublisherId}`. */
export const deleteTrustedPublisher = (publisherId: string, trustedPublisherId: string) =>
  unwrap(
    api.DELETE('/publishers/{publisherId}/trusted-publishers/{trustedPublisherId}', {
      params: { path: { publisherId, trustedPublisherId } },
    }),
  );
