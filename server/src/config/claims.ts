import { Type } from 'typebox';

/**
 * How a claim proves control of the pack's repository: through GitHub (where GitHub sign-in is
 * configured) or by a file the registry reads from the repository's default branch.
 */
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
  CLAIM_RAW_FILE_URLS: Type.String({
    default: 'github.com=https://raw.githubusercontent.com/{owner}/{name}/HEAD/{file}',
    description:
      'Where claim proof files are read, per repository host: space-separated `host=pattern` pairs. ' +
      'The pattern may use {owner}, {name}, {path} (owner/name, or group/subgroup/name) and {file}. ' +
      'Gitea: `git.example.com=https://git.example.com/{path}/raw/branch/main/{file}`; GitLab: ' +
      '`gitlab.com=https://gitlab.com/{path}/-/raw/HEAD/{file}`; GitHub Enterprise: ' +
      '`ghe.example.com=https://ghe.example.com/{path}/raw/HEAD/{file}`. Packs on other hosts cannot be claimed by file.',
  }),
  CLAIM_REQUESTS_PER_DAY: Type.Integer({
    default: 10,
    minimum: 1,
    maximum: 10_000,
    description:
      'How many claim requests one account may send in 24 hours (each one mails the administrators); more answer 429.',
  }),
  CLAIM_PROOF_TIMEOUT_MS: Type.Integer({
    default: 10_000,
    minimum: 100,
    maximum: 120_000,
    description: 'How long reading a claim proof file may take before the check reports the host unreachable.',
  }),
});
