/** Analytics settings injected by the web listener. */
export interface AnalyticsConfig {
  environment: string;
  posthogKey?: string;
  posthogHost?: string;
}

/** Settings the server injects into index.html as `window.__REGISTRY__` at serve time. */
export interface RuntimeConfig {
  apiUrl: string;
  docsUrl: string;
  docsUrlZh: string;
  discordUrl: string;
  contributeUrl: string;
  /** The OpenID Connect issuer whose identity tokens publish here (server: TRUSTED_PUBLISHING_ISSUER). */
  trustedPublishingIssuer: string;
  /** The footer's links; each one is shown only when this instance sets it. */
  footer: FooterConfig;
  /** The registry's release, shown in the footer. */
  version: string;
  analytics: AnalyticsConfig;
  buildId: string;
}

/** Contact and legal links of this instance (server: CONTACT_EMAIL, WEB_TERMS_URL, ...). */
export interface FooterConfig {
  contactEmail?: string;
  termsUrl?: string;
  privacyUrl?: string;
  sourceUrl?: string;
}

declare global {
  interface Window {
    __REGISTRY__?: Partial<RuntimeConfig>;
  }
}

// The same fallbacks as the server's (modules/web/runtime-config.ts), for `npm run dev` without it.
const defaults: RuntimeConfig = {
  apiUrl: 'http://localhost:8080',
  docsUrl: 'https://docs.comfy.org/registry/overview',
  docsUrlZh: 'https://docs.comfy.org/zh-CN',
  discordUrl: 'https://discord.gg/comfyorg',
  contributeUrl: 'https://github.com/Comfy-Org/registry-web/issues/206',
  trustedPublishingIssuer: 'https://token.actions.githubusercontent.com',
  footer: {},
  version: 'dev',
  analytics: { environment: 'development' },
  buildId: 'dev',
};

/** Merges injected settings over the defaults; a trailing slash on the API URL is dropped. */
export function resolveConfig(injected: Partial<RuntimeConfig> | undefined): RuntimeConfig {
  const merged = { ...defaults, ...injected, analytics: { ...defaults.analytics, ...injected?.analytics } };
  return { ...merged, apiUrl: merged.apiUrl.replace(/\/+$/, '') };
}

/** The configuration of this page load, read once. */
export const config: RuntimeConfig = resolveConfig(typeof window === 'undefined' ? undefined : window.__REGISTRY__);

/** The documentation link for a locale: the Chinese docs for `zh*`, the registry overview otherwise. */
export function docsUrlFor(locale: string, cfg: Pick<RuntimeConfig, 'docsUrl' | 'docsUrlZh'> = config): string {
  return locale.toLowerCase().startsWith('zh') ? cfg.docsUrlZh : cfg.docsUrl;
}
