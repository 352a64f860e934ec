import { Type } from 'typebox';

/**
 * The in-process response cache of the hot catalogue reads (`/nodes`, `/nodes/{id}`, versions,
 * comfy-node lookups). Answers are keyed by the catalogue change watermark, so a write shows at
 * once on the instance that made it and within `CATALOGUE_POLL_MS` on every other instance.
 */
export const catalogueCacheSchema = Type.Object({
  CATALOGUE_CACHE_MAX_BYTES: Type.Integer({
    default: 64 * 1024 * 1024,
    minimum: 0,
    description: 'Memory for cached catalogue answers, in bytes; 0 turns the cache off.',
  }),
  CATALOGUE_CACHE_MAX_AGE_MS: Type.Integer({
    default: 5000,
    minimum: 0,
    maximum: 3_600_000,
    description:
      'Longest a cached answer is reused. Installs do not invalidate the cache, so this bounds how old download counters in cached answers can be.',
  }),
  CATALOGUE_POLL_MS: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 60_000,
      description:
        'How often the change feed is re-read to notice writes made by other instances (0: on every request). Default: 50 on SQLite, 250 on PostgreSQL.',
    }),
  ),
});
