import { useSession } from '../../../api/queries/session';
import { useHasToken } from '../../../api/use-has-token';
import type { AuthUser } from '../api/types';
import { toAuthUser } from '../lib/auth-user';

/** Where sign-in stands: still checking, signed out, or signed in. */
export type AuthStatus = 'loading' | 'signedOut' | 'signedIn';

/** The signed-in user, their status, and whether an identity token is ready for API calls. */
export function useAuth(): { status: AuthStatus; user: AuthUser | null; hasToken: boolean } {
  const session = useSession();
  const hasToken = useHasToken();
  const user = toAuthUser(session.data);
  const status: AuthStatus = user ? 'signedIn' : session.isPending ? 'loading' : 'signedOut';
  return { status, user, hasToken };
}
