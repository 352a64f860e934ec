import { unwrap } from '../../../api/client';
import { sessionApi } from '../../../api/session-fetch';
import type { AuthProvider } from './types';

/**
 * Starts GitHub/Google (`/sign-in/social`) or OpenID Connect (`/sign-in/oauth2`) sign-in and
 * returns the provider URL the browser must go to.
 */
export async function startFederatedSignIn(
  provider: AuthProvider,
  callbackURL: string,
  errorCallbackURL: string,
): Promise<string> {
  const payload =
    provider.type === 'oidc'
      ? await unwrap(
          sessionApi.POST('/api/auth/sign-in/oauth2', {
            body: { providerId: provider.id, callbackURL, errorCallbackURL },
          }),
        )
      : await unwrap(
          sessionApi.POST('/api/auth/sign-in/social', {
            body: { provider: provider.id, callbackURL, errorCallbackURL },
          }),
        );
  if (!payload?.url) throw new Error('no provider URL');
  return payload.url;
}
