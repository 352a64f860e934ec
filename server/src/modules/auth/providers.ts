import type { BetterAuthOptions } from 'better-auth';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
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

/** better-auth's GitHub and Google providers, for those with a client id and secret. */
export function socialProviders(auth: AuthConfig): BetterAuthOptions['socialProviders'] {
  return {
    ...(auth.GITHUB_CLIENT_ID && auth.GITHUB_CLIENT_SECRET
      ? { github: { clientId: auth.GITHUB_CLIENT_ID, clientSecret: auth.GITHUB_CLIENT_SECRET } }
      : {}),
    ...(auth.GOOGLE_CLIENT_ID && auth.GOOGLE_CLIENT_SECRET
      ? { google: { clientId: auth.GOOGLE_CLIENT_ID, clientSecret: auth.GOOGLE_CLIENT_SECRET } }
      : {}),
  };
}

/** The generic OAuth plugin serving the OpenID Connect provider, when one is configured. */
export function oidcPlugins(auth: AuthConfig): BetterAuthOptions['plugins'] {
  if (!enabledProviders(auth).some((p) => p.id === OIDC_PROVIDER_ID) || !auth.OIDC_ISSUER || !auth.OIDC_CLIENT_ID) {
    return [];
  }
  return [
    genericOAuth({
      config: [
        {
          providerId: OIDC_PROVIDER_ID,
          name: auth.OIDC_NAME,
          discoveryUrl: `${auth.OIDC_ISSUER.replace(/\/+$/, '')}/.well-known/openid-configuration`,
          // ID tokens are checked against the provider's published keys, never just decoded.
          requireIdTokenVerification: true,
          clientId: auth.OIDC_CLIENT_ID,
          clientSecret: auth.OIDC_CLIENT_SECRET,
          scopes: auth.OIDC_SCOPES.split(/\s+/).filter(Boolean),
          pkce: true,
        },
      ],
    }),
  ];
}
