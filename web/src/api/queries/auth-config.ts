import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../client';
import { keyFor } from '../keys';
import { sessionApi } from '../session-fetch';

/** `GET /auth/config`: enabled providers, password policy, whether e-mail must be verified. */
export const getAuthConfig = () => unwrap(sessionApi.GET('/auth/config'));

export const authConfigKey = () => keyFor('/auth/config');

export const authConfigQuery = () => queryOptions({ queryKey: authConfigKey(), queryFn: getAuthConfig });

/** The server's sign-in options. */
export const useAuthConfig = () => useQuery(authConfigQuery());
