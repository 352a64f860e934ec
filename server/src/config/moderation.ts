import { Type } from 'typebox';

/** Where moderation events (flagged versions, admin actions) are announced. */
export const moderationSchema = Type.Object({
  MODERATION_WEBHOOK_URL: Type.Optional(
    Type.String({
      pattern: '^https?://',
      description:
        'Webhook called when a version is flagged and when an admin acts (Discord or Slack incoming webhook). Unset: no notifications.',
    }),
  ),
  MODERATION_WEBHOOK_FORMAT: Type.Union([Type.Literal('discord'), Type.Literal('slack')], {
    default: 'discord',
    description: 'Body shape: `discord` sends `{"content": ...}`, `slack` sends `{"text": ...}`.',
  }),
  MODERATION_WEBHOOK_TIMEOUT_MS: Type.Integer({
    default: 10_000,
    minimum: 100,
    maximum: 120_000,
    description: 'How long one webhook call may take before it counts as failed (and is retried).',
  }),
  MODERATION_WEBHOOK_MAX_ATTEMPTS: Type.Integer({
    default: 5,
    minimum: 1,
    maximum: 20,
    description: 'How many times the job queue tries to deliver one notification.',
  }),
});
