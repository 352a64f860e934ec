import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { keyFor } from '../../../api/keys';
import { profileQuery } from '../../../api/queries/profile';
import type { components } from '../../../api/schema.gen';

export type AdminPublisher = components['schemas']['AdminPublisher'];
export type AdminUser = components['schemas']['AdminUser'];
export const PEOPLE_PAGE_SIZE = 20;

export interface PeopleParams {
  q: string;
  page: number;
}

/** `GET /admin/publishers`: publishers whose id or name contains `q`. */
export const useAdminPublishers = (params: PeopleParams & { limit?: number }, enabled = true) =>
  useQuery({
    queryKey: keyFor('/admin/publishers', params),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/admin/publishers', {
          params: {
            query: { q: params.q || undefined, page: params.page, limit: params.limit ?? PEOPLE_PAGE_SIZE },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
    enabled,
  });

/** `GET /admin/users`: accounts whose e-mail or name contains `q`. */
export const useAdminUsers = (params: PeopleParams) =>
  useQuery({
    queryKey: keyFor('/admin/users', params),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/admin/users', {
          params: { query: { q: params.q || undefined, page: params.page, limit: PEOPLE_PAGE_SIZE } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** The signed-in admin's own account id (`GET /users`, the same cache entry the app shell reads). */
export const useOwnUserId = () => useQuery({ ...profileQuery(true), select: (profile) => profile.id });

export const setPublisherBan = (publisherId: string, banned: boolean, reason: string) =>
  unwrap(
    banned
      ? api.POST('/publishers/{publisherId}/ban', { params: { path: { publisherId } }, body: { reason } })
      : api.POST('/publishers/{publisherId}/unban', { params: { path: { publisherId } }, body: { reason } }),
  );

export const updateUser = (userId: string, body: { isAdmin?: boolean; banned?: boolean; reason?: string }) =>
  unwrap(api.PUT('/admin/users/{userId}', { params: { path: { userId } }, body }));
