import { Type } from 'typebox';

/** The upstream registry this one mirrors (like a package manager's uplink); unset means none. */
export const upstreamSchema = Type.Object({
  UPSTREAM_URL: Type.Optional(
    Type.String({
      pattern: '^https?://[^\\s/]+(/[^\\s]*)?$',
      description:
        'Base URL of a registry API to mirror, e.g. `https://api.comfy.org`. Unset: no upstream, only packs published here.',
    }),
  ),
  UPSTREAM_ARCHIVE_HOSTS: Type.String({
    default: '',
    maxLength: 2000,
    description:
      "Hosts (`host` or `host:port`, comma-separated) that archive URLs may name besides the upstream's own. Empty: none, except `storage.googleapis.com` when the upstream is `https://api.comfy.org` (where its archives live). Any other URL, and any redirect to another host, is refused.",
  }),
  UPSTREAM_MAX_PAGES: Type.Integer({
    default: 10_000,
    minimum: 1,
    maximum: 1_000_000,
    description: 'Most `/nodes` pages one sync reads; an upstream announcing more fails the sync with the reason.',
  }),
  UPSTREAM_MAX_ANSWER_BYTES: Type.Integer({
    default: 16 * 1024 * 1024,
    minimum: 1024,
    maximum: 1024 ** 3,
    description: 'Largest JSON answer (a listing page, a versions list) read from the upstream; a larger one fails.',
  }),
  UPSTREAM_SYNC_MAX_SECONDS: Type.Integer({
    default: 6 * 3600,
    minimum: 1,
    maximum: 7 * 86_400,
    description: 'Longest one sync may run; it stops there and records the reason as its error.',
  }),
  UPSTREAM_ARCHIVE_MAX_SECONDS: Type.Integer({
    default: 600,
    minimum: 1,
    maximum: 86_400,
    description: 'Longest the transfer of one upstream archive may take; a slower one is cut and not kept.',
  }),
  UPSTREAM_CACHE: Type.Union([Type.Literal('lazy'), Type.Literal('eager')], {
    default: 'lazy',
    description:
      "`lazy`: fetch a mirrored archive on its first download. `eager`: also fetch every active version's archive after each sync, up to UPSTREAM_CACHE_MAX_BYTES.",
  }),
  UPSTREAM_CACHE_MAX_BYTES: Type.Integer({
    default: 10 * 1024 ** 3,
    minimum: 0,
    description: 'With `eager`: stop fetching once the cached upstream archives take this many bytes.',
  }),
  UPSTREAM_SYNC_INTERVAL: Type.Integer({
    default: 3600,
    minimum: 0,
    maximum: 604_800,
    description: 'Seconds between scheduled incremental syncs; 0 syncs only on demand (CLI or admin screen).',
  }),
  UPSTREAM_CONCURRENCY: Type.Integer({
    default: 4,
    minimum: 1,
    maximum: 4,
    description: 'Requests to the upstream in flight at once (at most 4, to stay polite).',
  }),
  UPSTREAM_REQUESTS_PER_SECOND: Type.Number({
    default: 20,
    minimum: 0.1,
    maximum: 1000,
    description: 'Requests started per second at most, across the whole sync.',
  }),
  UPSTREAM_PAGE_SIZE: Type.Integer({
    default: 100,
    minimum: 1,
    maximum: 1000,
    description: 'Packs per `/nodes` page read from the upstream.',
  }),
  UPSTREAM_TIMEOUT_MS: Type.Integer({
    default: 30_000,
    minimum: 100,
    maximum: 600_000,
    description: 'How long one upstream request may take before it counts as failed (and is retried).',
  }),
  UPSTREAM_ID_CHECK_TIMEOUT_MS: Type.Integer({
    default: 3000,
    minimum: 100,
    maximum: 60_000,
    description:
      'How long creating a pack waits for the upstream to say whether it has the id (no retries); no answer refuses the pack with 503.',
  }),
  UPSTREAM_MAX_RETRIES: Type.Integer({
    default: 4,
    minimum: 0,
    maximum: 20,
    description: 'Retries of a failed upstream request (network error, 429, 5xx), with growing waits.',
  }),
  UPSTREAM_RETRY_BASE_MS: Type.Integer({
    default: 500,
    minimum: 1,
    maximum: 60_000,
    description: 'First retry wait; doubles each time. A `Retry-After` answer header takes precedence.',
  }),
});
