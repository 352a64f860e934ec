import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasIds } from '../../../api/cache-rules';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema.gen';

/** A publisher as the API returns it. */
export type Publisher = components['schemas']['Publisher'];
/** The editable profile fields (the create body without the id). */
export interface PublisherProfile {
  name: string;
  description: string;
  website: string;
  support: string;
  logo: string;
}

/** `GET /publishers/validate?username=`: resolves when available, throws the server's reason otherwise. */
export const validatePublisherId = (username: string, signal?: AbortSignal) =>
  unwrap(api.GET('/publishers/validate', { params: { query: { username } }, signal }));

/** `POST /publishers`: the caller becomes the owner. */
export const createPublisher = (body: PublisherProfile & { id: string }) => unwrap(api.POST('/publishers', { body }));

/** `PUT /publishers/{id}`. */
export const updatePublisher = (publisherId: string, body: Partial<PublisherProfile>) =>
  unwrap(api.PUT('/publishers/{publisherId}', { params: { path: { publisherId } }, body }));

/** `DELETE /publishers/{id}`: refused (409) while it has packs. */
export const deletePublisher = (publisherId: string) =>
  unwrap(api.DELETE('/publishers/{publisherId}', { params: { path: { publisherId } } }));

/** `GET /publishers/{id}` (member e-mails included for members). */
export const publisherQuery = (publisherId: string) =>
  queryOptions({
    queryKey: [`/publishers/${publisherId}`],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/publishers/{publisherId}', { params: { path: { publisherId } }, signal })),
    enabled: hasIds(publisherId),
  });

export const usePublisher = (publisherId: string) => useQuery(publisherQuery(publisherId));

/** `GET /publishers/{id}/permissions`: whether the caller may manage the publisher. */
export const permissionQuery = (publisherId: string) =>
  queryOptions({
    queryKey: [`/publishers/${publisherId}/permissions`],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/publishers/{publisherId}/permissions', { params: { path: { publisherId } }, signal })),
    enabled: hasIds(publisherId),
  });

export const usePublisherPermission = (publisherId: string) => useQuery(permissionQuery(publisherId));

/** `GET /publishers/{id}/nodes/v2` total: whether the publisher still has packs. */
export const packCountQuery = (publisherId: string) =>
  queryOptions({
    queryKey: [`/publishers/${publisherId}/nodes/v2`, { page: 1, limit: 1 }],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/publishers/{publisherId}/nodes/v2', {
          params: { path: { publisherId }, query: { page: 1, limit: 1 } },
          signal,
        }),
      ),
    enabled: hasIds(publisherId),
  });

export const usePackCount = (publisherId: string) => useQuery(packCountQuery(publisherId));
