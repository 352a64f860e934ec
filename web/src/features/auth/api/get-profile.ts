import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';

/** `GET /users` with the identity token: the account as the registry sees it (isAdmin). */
export const getProfile = () => unwrap(api.GET('/users'));

/** Runs only when someone is signed in and has a token. */
export const profileQuery = (signedIn: boolean) =>
  queryOptions({ queryKey: ['/users'], queryFn: getProfile, enabled: signedIn });

/** The registry profile of the signed-in account (drives the admin menu item and guard). */
export const useProfile = (signedIn: boolean) => useQuery(profileQuery(signedIn));
