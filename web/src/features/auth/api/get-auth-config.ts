import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../api/client';
import { sessionApi } from '../../../api/session-fetch';

/** `GET /auth/config`: enabled providers, password policy, whether e-mail must be verified. */
export const getAuthConfig = () => unwrap(sessionApi.GET('/auth/config'));

export const authConfigQuery = () => queryOptions({ queryKey: ['/auth/config'], queryFn: getAuthConfig });

/** The server's sign-in options. */
export const useAuthConfig = () => useQuery(authConfigQuery());
