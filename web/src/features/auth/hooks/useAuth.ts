import { useSyncExternalStore } from 'react';
import { storedIdentityToken, subscribeIdentityToken } from '../../../api/identity-token';
import { toAuthUser, useSessionQuery } from '../api/get-session';
import type { AuthUser } from '../api/types';

/** Where sign-in stands: still checking, signed out, or signed in. */
export type AuthStatus = 'loading' | 'signedOut' | 'signedIn';

/** The signed-in user, their status, and whether an identity token is ready for API calls. */
export function useAuth(): { status: AuthStatus; user: AuthUser | null; hasToken: boolean } {
  const session = useSessionQuery();
  const hasToken = useSyncExternalStore(
    subscribeIdentityToken,
    () => storedIdentityToken() !== null,
    () => false,
  );
  const user = toAuthUser(session.data);
  const status: AuthStatus = user ? 'signedIn' : session.isPending ? 'loading' : 'signedOut';
  return { status, user, hasToken };
}
