import { Type } from 'typebox';

/** What the web listener tells the browser app at load time (links, analytics, build id). */
export const webSchema = Type.Object({
  WEB_DOCS_URL: Type.String({
    default: 'https://docs.comfy.org/registry/overview',
    pattern: '^https?://',
    description:
      "The header's Documentation link (the footer links this instance's API reference, `PUBLIC_API_URL/docs`).",
  }),
  WEB_DOCS_URL_ZH: Type.String({
    default: 'https://docs.comfy.org/zh-CN',
    pattern: '^https?://',
    description: 'The Documentation link when the interface language is Chinese (`zh`, `zh-TW`, ...).',
  }),
  WEB_DISCORD_URL: Type.String({
    default: 'https://discord.gg/comfyorg',
    pattern: '^https?://',
    description: 'Community invite `/discord` redirects to.',
  }),
  WEB_CONTRIBUTE_URL: Type.String({
    default: 'https://github.com/Comfy-Org/registry-web/issues/206',
    pattern: '^https?://',
    description:
      'The issue page the localization dialog\'s "Contribute on GitHub" button opens in a new tab. This project\'s translation guide stays at `/contributing/translations.md` on the web listener.',
  }),
  CONTACT_EMAIL: Type.Optional(
    Type.String({
      pattern: '^[^\\s@<>]+@[^\\s@<>]+\\.[^\\s@<>]+$',
      description:
        'Address people write to about this instance (banned packs, claims, anything for the administrators); shown in the footer and wherever the web app says to contact the administrators.',
    }),
  ),
  WEB_TERMS_URL: Type.Optional(
    Type.String({ pattern: '^https?://', description: "This instance's terms of use; the footer links it when set." }),
  ),
  WEB_PRIVACY_URL: Type.Optional(
    Type.String({
      pattern: '^https?://',
      description: "This instance's privacy notice; the footer links it when set.",
    }),
  ),
  WEB_SOURCE_URL: Type.Optional(
    Type.String({
      pattern: '^https?://',
      description: "Where this instance's source code is published; the footer links it when set.",
    }),
  ),
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
