import createClient from 'openapi-fetch';
import { config } from '../lib/config';
import type { paths } from './schema.gen';

/**
 * The typed client for the identity endpoints (`/api/auth/*`, `/auth/*`): they work with the
 * session cookie rather than a bearer token, so the cookie is always sent.
 */
export const sessionApi = createClient<paths>({
  baseUrl: config.apiUrl,
  credentials: 'include',
  fetch: (request) => globalThis.fetch(request),
});
