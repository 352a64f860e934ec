import type { AuthConfig } from '../../config/auth.js';

/** Provider id of the OpenID Connect provider configured by OIDC_ISSUER. */
export const OIDC_PROVIDER_ID = 'oidc';

/** A sign-in provider the web app offers, as `GET /auth/config` lists it. */
export interface ProviderInfo {
  id: string;
  name: string;
  /** `social`: start with `POST /api/auth/sign-in/social`; `oidc`: `POST /api/auth/sign-in/oauth2`. */
  type: 'social' | 'oidc';
}

/** The federated providers enabled by the configuration, in a stable order. */
export function enabledProviders(auth: AuthConfig): ProviderInfo[] {
  const providers: ProviderInfo[] = [];
  if (auth.GITHUB_CLIENT_ID && auth.GITHUB_CLIENT_SECRET)
    providers.push({ id: 'github', name: 'GitHub', type: 'social' });
  if (auth.GOOGLE_CLIENT_ID && auth.GOOGLE_CLIENT_SECRET)
    providers.push({ id: 'google', name: 'Google', type: 'social' });
  if (auth.OIDC_ISSUER && auth.OIDC_CLIENT_ID)
    providers.push({ id: OIDC_PROVIDER_ID, name: auth.OIDC_NAME, type: 'oidc' });
  return providers;
}
