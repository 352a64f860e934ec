import { config } from '../lib/config';
import { ApiError, apiErrorFrom } from './errors';

/**
 * Calls an identity endpoint the OpenAPI document does not describe (the auth library's own), with
 * the session cookie. A network failure becomes an ApiError with status 0; an empty body is null.
 */
export async function identityCall<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${config.apiUrl}${path}`, {
      ...init,
      credentials: 'include',
      headers: { 'content-type': 'application/json', ...init.headers },
    });
  } catch {
    throw new ApiError(0, 'network error');
  }
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) throw apiErrorFrom(response.status, body);
  return body as T;
}
