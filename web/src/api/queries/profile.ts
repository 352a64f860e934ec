import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import { keyFor } from '../keys';

/** `GET /users` with the identity token: the account as the registry sees it (id, isAdmin). */
export const getProfile = (signal?: AbortSignal) => unwrap(api.GET('/users', { signal }));

export const profileKey = () => keyFor('/users');

/** Runs only when someone is signed in and has a token. */
export const profileQuery = (signedIn: boolean) =>
  queryOptions({ queryKey: profileKey(), queryFn: ({ signal }) => getProfile(signal), enabled: signedIn });

/** The registry profile of the signed-in account (drives the admin menu item and guard). */
export const useProfile = (signedIn: boolean) => useQuery(profileQuery(signedIn));
