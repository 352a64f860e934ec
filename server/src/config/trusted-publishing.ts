import { Type } from 'typebox';

/**
 * Trusted publishing: CI jobs that prove who they are with an OpenID Connect identity token
 * instead of a stored publishing token (docs/publishing.md "Trusted publishing").
 */
export const trustedPublishingSchema = Type.Object({
  TRUSTED_PUBLISHING_ISSUER: Type.String({
    default: 'https://token.actions.githubusercontent.com',
    pattern: '^https?://',
    description:
      'The OpenID Connect issuer whose identity tokens may be exchanged for a publish: its discovery document ' +
      '(`/.well-known/openid-configuration`) and keys are read from here. Default: GitHub Actions.',
  }),
  TRUSTED_PUBLISHING_AUDIENCE: Type.String({
    default: '',
    maxLength: 2000,
    description:
      "The audience (`aud`) an identity token must be minted for. Empty: this instance's `PUBLIC_API_URL` " +
      'without a trailing slash, so a token minted for another registry is refused here.',
  }),
  TRUSTED_PUBLISHING_GRANT_SECONDS: Type.Integer({
    default: 600,
    minimum: 30,
    maximum: 3600,
    description: 'How long the one-version publish credential an exchange answers with stays valid.',
  }),
  TRUSTED_PUBLISHING_FAILURES_PER_IP: Type.Integer({
    default: 30,
    minimum: 1,
    maximum: 100_000,
    description:
      'Refused exchanges one client address may make in 10 minutes; past it, exchanges from that address answer ' +
      '429 until the window ends. Only refusals count, so busy CI runners sharing an address are not slowed.',
  }),
  TRUSTED_PUBLISHING_TIMEOUT_MS: Type.Integer({
    default: 10_000,
    minimum: 100,
    maximum: 120_000,
    description: "How long reading the issuer's discovery document or keys may take before the exchange answers 503.",
  }),
});
