import { useEffect } from 'react';
import { ensureIdentityToken, stopIdentityToken } from '../features/auth/hooks/token-refresh';
import { useAuth } from '../features/auth/hooks/useAuth';
import { analytics } from '../lib/analytics-client';

/**
 * Follows the session: a signed-in user gets a fresh identity token (refreshed 5 minutes before
 * expiry, and again when the tab comes back) and is identified for analytics; signing out drops
 * the token.
 */
export function useSessionEffects(): void {
  const { status, user } = useAuth();
  const uid = user?.uid;
  useEffect(() => {
    if (status === 'signedOut') {
      stopIdentityToken();
      return;
    }
    if (status !== 'signedIn') return;
    void ensureIdentityToken();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void ensureIdentityToken();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [status]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: identify once per account, not on every render
  useEffect(() => {
    if (!uid || !user) return;
    analytics.identify(uid);
    analytics.setProfile({ email: user.email, name: user.displayName ?? '' });
  }, [uid]);
}
