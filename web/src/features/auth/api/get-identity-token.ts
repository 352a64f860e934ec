import { unwrap } from '../../../api/client';
import type { IdentityToken } from '../../../api/identity-token';
import { sessionApi } from '../../../api/session-fetch';

/** `GET /auth/token`: a fresh identity token for the signed-in session. */
export async function getIdentityToken(): Promise<IdentityToken> {
  const payload = await unwrap(sessionApi.GET('/auth/token'));
  return { token: payload.token, expiresAt: Date.parse(payload.expiresAt) };
}
