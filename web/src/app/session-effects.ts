import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { statusOf } from '../api/cache-rules';
import { ensureIdentityToken, stopIdentityToken } from '../features/auth/hooks/token-refresh';
import { useAuth } from '../features/auth/hooks/useAuth';
import { analytics } from '../lib/analytics-client';

/** Answers that depend on who asks: asked again once the signed-in user's token is there. */
const REFUSED = new Set([401, 403]);

/**
 * Follows the session: a signed-in user gets a fresh identity token (refreshed 5 minutes before
 * expiry, and again when the tab comes back) and is identified for analytics; signing out drops
 * the token. Reads refused before the token arrived (a page's first request can leave before the
 * session is known, and 401/403 are not retried) are asked again with it: an admin then sees a
 * banned pack's reason rather than the public refusal.
 */
export function useSessionEffects(): void {
  const { status, user } = useAuth();
  const uid = user?.uid;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (status === 'signedOut') {
      stopIdentityToken();
      return;
    }
    if (status !== 'signedIn') return;
    void ensureIdentityToken().then((token) => {
      if (!token) return;
      void queryClient.invalidateQueries({
        predicate: (query) => query.state.status === 'error' && REFUSED.has(statusOf(query.state.error) ?? 0),
      });
    });
    const onVisible = () => {
      if (document.visibilityState === 'visible') void ensureIdentityToken();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [status, queryClient]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: identify once per account, not on every render
  useEffect(() => {
    if (!uid || !user) return;
    analytics.identify(uid);
    analytics.setProfile({ email: user.email, name: user.displayName ?? '' });
  }, [uid]);
}
