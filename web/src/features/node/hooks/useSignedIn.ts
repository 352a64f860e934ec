import { useSyncExternalStore } from 'react';
import { storedIdentityToken, subscribeIdentityToken } from '../../../api/identity-token';

/** Whether API calls carry an identity token (the visitor is signed in). */
export function useSignedIn(): boolean {
  return useSyncExternalStore(
    subscribeIdentityToken,
    () => storedIdentityToken() !== null,
    () => false,
  );
}
