import { useSyncExternalStore } from 'react';
import { storedIdentityToken, subscribeIdentityToken } from './identity-token';

/** Whether API calls carry an identity token now, so signed-in-only reads may start. */
export function useHasToken(): boolean {
  return useSyncExternalStore(
    subscribeIdentityToken,
    () => storedIdentityToken() !== null,
    () => false,
  );
}
