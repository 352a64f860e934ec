import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasIds } from '../../../api/cache-rules';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema.gen';

export type Member = components['schemas']['PublisherMember'];
export type Role = Member['role'];

/** `GET /publishers/{id}/members`. */
export const membersQuery = (publisherId: string) =>
  queryOptions({
    queryKey: [`/publishers/${publisherId}/members`],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/publishers/{publisherId}/members', { params: { path: { publisherId } }, signal })),
    enabled: hasIds(publisherId),
  });

export const useMembers = (publisherId: string) => useQuery(membersQuery(publisherId));

/** `POST /publishers/{id}/members`: an existing account, by e-mail. */
export const addMember = (publisherId: string, body: { email: string; role: Role }) =>
  unwrap(api.POST('/publishers/{publisherId}/members', { params: { path: { publisherId } }, body }));

/** `PUT /publishers/{id}/members/{userId}`. */
export const changeMemberRole = (publisherId: string, userId: string, role: Role) =>
  unwrap(
    api.PUT('/publishers/{publisherId}/members/{userId}', {
      params: { path: { publisherId, userId } },
      body: { role },
    }),
  );

/** `DELETE /publishers/{id}/members/{userId}`: the server refuses to remove the last owner. */
export const removeMember = (publisherId: string, userId: string) =>
  unwrap(api.DELETE('/publishers/{publisherId}/members/{userId}', { params: { path: { publisherId, userId } } }));
