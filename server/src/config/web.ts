import { Type } from 'typebox';

/** What the web listener tells the browser app at load time (links, analytics, build id). */
export const webSchema = Type.Object({
  WEB_DOCS_URL: Type.String({
    default: 'https://docs.comfy.org/registry/overview',
    pattern: '^https?://',
    description: "The header's Documentation link.",
  }),
  WEB_DOCS_URL_ZH: Type.String({
    default: 'https://docs.comfy.org/zh-CN',
    pattern: '^https?://',
    description: 'The Documentation link when the interface language is Chinese.',
  }),
  WEB_DISCORD_URL: Type.String({
    default: 'https://discord.gg/comfyorg',
    pattern: '^https?://',
    description: 'Community invite `/discord` redirects to.',
  }),
  WEB_CONTRIBUTE_URL: Type.String({
    default: 'https://github.com/Comfy-Org/registry-web/issues/206',
    pattern: '^https?://',
    description: 'Page the "Contribute on GitHub" button of the localization dialog opens.',
  }),
  WEB_ANALYTICS_ENVIRONMENT: Type.String({
    default: 'development',
    description: 'Analytics go to PostHog only when this is exactly `production`; otherwise to the browser console.',
  }),
  WEB_POSTHOG_KEY: Type.Optional(
    Type.String({ description: 'PostHog project key (needed for production analytics).' }),
  ),
  WEB_POSTHOG_HOST: Type.String({
    default: 'https://us.i.posthog.com',
    pattern: '^https?://',
    description: 'PostHog API host.',
  }),
  WEB_BUILD_ID: Type.Optional(
    Type.String({
      description:
        'Identifies the deployed web build; a new value discards every browser cache of API data. Default: a hash of the built index.html.',
    }),
  ),
});
