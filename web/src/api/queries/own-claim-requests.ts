import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import { keyFor } from '../keys';
import type { components } from '../schema.gen';

export type ClaimRequest = components['schemas']['ClaimRequest'];

/** The query key of the signed-in account's claim requests for a pack. */
export const ownClaimRequestsKey = (nodeId: string) => keyFor(`/nodes/${nodeId}/claim-requests`);

/**
 * `GET /nodes/{n}/claim-requests`: the signed-in account's own requests for the pack, newest
 * first (the claim page's proof panel and the pack page's "request pending").
 */
export const useOwnClaimRequests = (nodeId: string, enabled: boolean) =>
  useQuery({
    queryKey: ownClaimRequestsKey(nodeId),
    enabled: enabled && nodeId !== '',
    queryFn: ({ signal }) =>
      unwrap(api.GET('/nodes/{nodeId}/claim-requests', { params: { path: { nodeId } }, signal })),
    select: (answer) => answer.requests,
  });

/**
 * `POST /claim-requests/{id}/check`: the registry reads the request's proof file now (asked by
 * the requester on the claim page or by an admin in the claim requests list).
 */
export const checkClaimRequestProof = (requestId: string) =>
  unwrap(api.POST('/claim-requests/{requestId}/check', { params: { path: { requestId } } }));
