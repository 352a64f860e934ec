import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../api/client';
import { sessionApi } from '../../../api/session-fetch';
import type { AuthUser, SessionPayload } from './types';

/** `GET /api/auth/get-session`: the session behind the cookie, or null. */
export const getSession = (): Promise<SessionPayload> => unwrap(sessionApi.GET('/api/auth/get-session'));

export const sessionQueryKey = ['/api/auth/get-session'] as const;

export const sessionQuery = () => queryOptions({ queryKey: sessionQueryKey, queryFn: getSession });

/** The session's account mapped to the fields the app shows. */
export function toAuthUser(session: SessionPayload | undefined): AuthUser | null {
  if (!session?.user) return null;
  const { user } = session;
  return { uid: user.id, email: user.email, displayName: user.name || null, photoURL: user.image || null };
}

/** The current session query. */
export const useSessionQuery = () => useQuery(sessionQuery());
