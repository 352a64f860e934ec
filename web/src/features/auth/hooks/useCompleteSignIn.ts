import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { profileKey } from '../../../api/queries/profile';
import { sessionQuery } from '../../../api/queries/session';
import { afterSignIn } from '../../../lib/from-url';
import { refreshIdentityToken } from './token-refresh';

/** After a successful sign-in: load the session and a token, then go to `fromUrl` (or Your Nodes). */
export function useCompleteSignIn(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(async () => {
    await queryClient.fetchQuery({ ...sessionQuery(), staleTime: 0 });
    await refreshIdentityToken();
    await queryClient.invalidateQueries({ queryKey: profileKey() });
    navigate(afterSignIn(search), { replace: true });
  }, [queryClient, navigate, search]);
}
