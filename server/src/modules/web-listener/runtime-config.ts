import { createHash } from 'node:crypto';
import type { Config } from '../../config/index.js';
import { scriptSafeJson } from './page-head.js';

/** What `window.__REGISTRY__` holds; web/src/lib/config.ts reads the same fields. */
export interface WebRuntimeConfig {
  apiUrl: string;
  docsUrl: string;
  docsUrlZh: string;
  discordUrl: string;
  contributeUrl: string;
  /** The OpenID Connect issuer whose identity tokens publish here (trusted publishing). */
  trustedPublishingIssuer: string;
  /** The footer's links; each optional one is left out when its setting is unset. */
  footer: { contactEmail?: string; termsUrl?: string; privacyUrl?: string; sourceUrl?: string };
  /** The registry's release (the repository's package.json version). */
  version: string;
  analytics: { environment: string; posthogKey?: string; posthogHost: string };
  buildId: string;
}

/** The marker in web/index.html that the config script replaces. */
export const CONFIG_MARKER = '<!--registry-config-->';

/** The runtime config for this deployment; the build id defaults to a hash of index.html. */
export function webRuntimeConfig(config: Config, indexHtml: string, version = 'unknown'): WebRuntimeConfig {
  const { web, server, trustedPublishing } = config;
  return {
    apiUrl: server.PUBLIC_API_URL,
    docsUrl: web.WEB_DOCS_URL,
    docsUrlZh: web.WEB_DOCS_URL_ZH,
    discordUrl: web.WEB_DISCORD_URL,
    contributeUrl: web.WEB_CONTRIBUTE_URL,
    trustedPublishingIssuer: trustedPublishing.TRUSTED_PUBLISHING_ISSUER.replace(/\/+$/, ''),
    footer: {
      ...(web.CONTACT_EMAIL ? { contactEmail: web.CONTACT_EMAIL } : {}),
      ...(web.WEB_TERMS_URL ? { termsUrl: web.WEB_TERMS_URL } : {}),
      ...(web.WEB_PRIVACY_URL ? { privacyUrl: web.WEB_PRIVACY_URL } : {}),
      ...(web.WEB_SOURCE_URL ? { sourceUrl: web.WEB_SOURCE_URL } : {}),
    },
    version,
    analytics: {
      environment: web.WEB_ANALYTICS_ENVIRONMENT,
      ...(web.WEB_POSTHOG_KEY ? { posthogKey: web.WEB_POSTHOG_KEY } : {}),
      posthogHost: web.WEB_POSTHOG_HOST,
    },
    buildId: web.WEB_BUILD_ID ?? createHash('sha256').update(indexHtml).digest('hex').slice(0, 16),
  };
}

/**
 * index.html with the config script in place of the marker. The JSON is made safe inside a
 * <script> element: `<`, `>`, `&` and the JavaScript line separators are escaped.
 */
export function injectRuntimeConfig(indexHtml: string, runtime: WebRuntimeConfig): string {
  return indexHtml.replace(CONFIG_MARKER, () => `<script>window.__REGISTRY__=${scriptSafeJson(runtime)}</script>`);
}
