import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionKey } from '../../../api/queries/session';
import { pausePersistence } from '../../../api/query-client';
import { signOut } from '../api/email-auth';
import { stopIdentityToken } from './token-refresh';

/** What the screen does once logout finished or failed (navigate, toast). */
export interface LogoutCallbacks {
  /** May return a promise (a navigation); clearing waits for it. */
  onLoggedOut?: () => void | Promise<void>;
  onFailed?: (error: unknown) => void;
}

/**
 * Signs out: ends the server session, then resets and clears every cached query and empties
 * local and session storage. Returns the mutation (pending flag and error for the caller).
 * `onLoggedOut` runs before the app learns the session is gone, so a screen can leave a page
 * that needs sign-in before that page's guard reacts.
 */
export function useLogout({ onLoggedOut, onFailed }: LogoutCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onError: (error) => onFailed?.(error),
    onSuccess: async () => {
      pausePersistence();
      stopIdentityToken();
      await onLoggedOut?.();
      await queryClient.cancelQueries();
      window.localStorage.clear();
      window.sessionStorage.clear();
      await queryClient.resetQueries();
      queryClient.clear();
      // Observers still on screen (the header) read this instead of refetching the old session.
      queryClient.setQueryData(sessionKey(), null);
    },
  });
}
