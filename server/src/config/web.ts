import { Type } from 'typebox';

/** What the web listener tells the browser app at load time (links, analytics, build id). */
export const webSchema = Type.Object({
  WEB_DOCS_URL: Type.Optional(
    Type.String({
      pattern: '^https?://',
      description: "The header's Documentation link. Default: this instance's API reference, `PUBLIC_API_URL/docs`.",
    }),
  ),
  WEB_DOCS_URL_ZH: Type.Optional(
    Type.String({
      pattern: '^https?://',
      description: 'The Documentation link when the interface language is Chinese. Default: `WEB_DOCS_URL`.',
    }),
  ),
  WEB_DISCORD_URL: Type.String({
    default: 'https://discord.gg/comfyorg',
    pattern: '^https?://',
    description: 'Community invite `/discord` redirects to.',
  }),
  WEB_CONTRIBUTE_URL: Type.Optional(
    Type.String({
      pattern: '^https?://',
      description:
        "Page the button of the localization dialog opens. Default: this project's translation guide (docs/translations.md), served by the web listener at `/contributing/translations.md`.",
    }),
  ),
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
