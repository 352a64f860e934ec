import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasIds } from '../../../api/cache-rules';
import { api, unwrap } from '../../../api/client';
import { keyFor } from '../../../api/keys';
import type { components } from '../../../api/schema.gen';

export type Member = components['schemas']['PublisherMember'];
export type Role = Member['role'];

/** The key of a publisher's members (the members section refreshes it after a change). */
export const membersKey = (publisherId: string) => keyFor(`/publishers/${publisherId}/members`);

/** `GET /publishers/{id}/members`. */
export const membersQuery = (publisherId: string) =>
  queryOptions({
    queryKey: membersKey(publisherId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/publishers/{publisherId}/members', { params: { path: { publisherId } }, signal })),
    enabled: hasIds(publisherId),
  });

export const useMembers = (publisherId: string) => useQuery(membersQuery(publisherId));

/** `POST /publishers/{id}/invitations`: the person joins only once they accept. */
export const inviteMember = (publisherId: string, body: { email: string; role: Role }) =>
  unwrap(api.POST('/publishers/{publisherId}/invitations', { params: { path: { publisherId } }, body }));

export type Invitation = components['schemas']['PublisherInvitation'];

/** The key of a publisher's open invitations. */
export const invitationsKey = (publisherId: string) => keyFor(`/publishers/${publisherId}/invitations`);

/** `GET /publishers/{id}/invitations`: the invitations still waiting for an answer. */
export const useInvitations = (publisherId: string) =>
  useQuery({
    queryKey: invitationsKey(publisherId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/publishers/{publisherId}/invitations', { params: { path: { publisherId } }, signal })),
    enabled: hasIds(publisherId),
  });

/** `DELETE /publishers/{id}/invitations/{invitationId}`. */
export const revokeInvitation = (publisherId: string, invitationId: string) =>
  unwrap(
    api.DELETE('/publishers/{publisherId}/invitations/{invitationId}', {
      params: { path: { publisherId, invitationId } },
    }),
  );

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
