import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';

/** `GET /users/publishers/`: the signed-in user's publishers, in any role. */
export const listMyPublishers = (signal?: AbortSignal) => unwrap(api.GET('/users/publishers/', { signal }));

/** Keyed by the path without its trailing slash, as writes announce it. */
export const myPublishersQuery = () =>
  queryOptions({ queryKey: ['/users/publishers'], queryFn: ({ signal }) => listMyPublishers(signal) });

/** The publishers of the signed-in user. */
export const useMyPublishers = () => useQuery(myPublishersQuery());
