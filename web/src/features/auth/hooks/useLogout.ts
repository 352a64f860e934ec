import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pausePersistence } from '../../../api/query-client';
import { signOut } from '../api/email-auth';
import { sessionQueryKey } from '../api/get-session';
import { stopIdentityToken } from './token-refresh';

/**
 * Signs out: ends the server session, then resets and clears every cached query and empties
 * local and session storage. Returns the mutation (pending flag and error for the caller).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      pausePersistence();
      stopIdentityToken();
      await queryClient.cancelQueries();
      window.localStorage.clear();
      window.sessionStorage.clear();
      await queryClient.resetQueries();
      queryClient.clear();
      // Observers still on screen (the header) read this instead of refetching the old session.
      queryClient.setQueryData(sessionQueryKey, null);
    },
  });
}
