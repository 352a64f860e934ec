import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { keyFor } from '../../../api/keys';
import type { components } from '../../../api/schema.gen';

export type ReceivedInvitation = components['schemas']['ReceivedInvitation'];

/** The key of the signed-in account's open invitations. */
export const myInvitationsKey = () => keyFor('/users/invitations');

/** `GET /users/invitations`: invitations waiting for the signed-in account's answer. */
export const useMyInvitations = () =>
  useQuery({
    queryKey: myInvitationsKey(),
    queryFn: ({ signal }) => unwrap(api.GET('/users/invitations', { signal })),
  });

/** `POST /users/invitations/{id}/accept`: joins the publisher. */
export const acceptInvitation = (invitationId: string) =>
  unwrap(api.POST('/users/invitations/{invitationId}/accept', { params: { path: { invitationId } } }));

/** `POST /users/invitations/{id}/decline`. */
export const declineInvitation = (invitationId: string) =>
  unwrap(api.POST('/users/invitations/{invitationId}/decline', { params: { path: { invitationId } } }));
