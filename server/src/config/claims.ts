import { Type } from 'typebox';

/** How the server asks GitHub whether a claimant administers a pack's repository. */
export const claimsSchema = Type.Object({
  GITHUB_API_URL: Type.String({
    default: 'https://api.github.com',
    pattern: '^https?://',
    description: 'Base URL of the GitHub REST API (GitHub Enterprise: `https://host/api/v3`).',
  }),
  GITHUB_API_TIMEOUT_MS: Type.Integer({
    default: 10_000,
    minimum: 100,
    maximum: 120_000,
    description: 'How long one GitHub API call may take before the claim answers 503.',
  }),
});
