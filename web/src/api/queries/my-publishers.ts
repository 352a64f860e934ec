import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import { keyFor } from '../keys';

/** `GET /users/publishers/`: the signed-in user's publishers, in any role. */
export const listMyPublishers = (signal?: AbortSignal) => unwrap(api.GET('/users/publishers/', { signal }));

/** `/users/publishers` without the slash: the form writes announce, so their invalidation reaches it. */
export const myPublishersKey = () => keyFor('/users/publishers/');

export const myPublishersQuery = (enabled = true) =>
  queryOptions({ queryKey: myPublishersKey(), queryFn: ({ signal }) => listMyPublishers(signal), enabled });

/** The publishers of the signed-in user (Your Nodes, claim, publish). */
export const useMyPublishers = (enabled = true) => useQuery(myPublishersQuery(enabled));
