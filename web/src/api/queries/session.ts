import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../client';
import { keyFor } from '../keys';
import { sessionApi } from '../session-fetch';

/** `GET /api/auth/get-session`: the session behind the cookie and its account, or null. */
export const getSession = () => unwrap(sessionApi.GET('/api/auth/get-session'));

/** The session's key: the header, the guards and the account page read one entry. */
export const sessionKey = () => keyFor('/api/auth/get-session');

export const sessionQuery = () => queryOptions({ queryKey: sessionKey(), queryFn: getSession });

export const useSession = () => useQuery(sessionQuery());
