import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { keyFor } from '../../../api/keys';
import type { components } from '../../../api/schema.gen';

export type AdminClaimRequest = components['schemas']['AdminClaimRequest'];

/** `GET /admin/claim-requests`: the pending requests, oldest first. */
export const usePendingClaimRequests = () =>
  useQuery({
    queryKey: keyFor('/admin/claim-requests', { status: 'pending' }),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/admin/claim-requests', { params: { query: { status: 'pending', limit: 100 } }, signal })),
  });

/** Approves or denies one request, with the note the requester's e-mail carries. */
export function decideClaimRequest(requestId: string, approve: boolean, note: string) {
  const params = { path: { requestId } };
  return approve
    ? unwrap(api.POST('/admin/claim-requests/{requestId}/approve', { params, body: { note } }))
    : unwrap(api.POST('/admin/claim-requests/{requestId}/deny', { params, body: { note } }));
}
