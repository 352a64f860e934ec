import { Type } from 'typebox';

/**
 * Search: the in-process index follows the catalogue change feed, and searches are counted
 * (anonymously, per day) for popular-search suggestions.
 */
export const searchSchema = Type.Object({
  SEARCH_POLL_MS: Type.Integer({
    default: 1000,
    minimum: 50,
    maximum: 4000,
    description:
      "How often the catalogue change feed is read to apply writes made by other instances to this instance's index (writes on this instance apply at once). At most 4000, so every instance is current within 5 seconds.",
  }),
  SEARCH_POPULARITY_REFRESH_MS: Type.Integer({
    default: 60_000,
    minimum: 1000,
    maximum: 3_600_000,
    description:
      'How often download and star counts used for ordering are re-read (installs are not catalogue changes).',
  }),
  SEARCH_CACHE_MAX_BYTES: Type.Integer({
    default: 16 * 1024 * 1024,
    minimum: 0,
    description:
      'Memory for cached search answers, in bytes (0: none, and the packs of recent hits are not kept either). Answers are reused until the index changes (a catalogue change, or the popularity refresh).',
  }),
  SEARCH_SAVE_INDEX: Type.Boolean({
    default: true,
    description:
      'Save the search index to `DATA_DIR/search-index.bin` once it is first built and when the server stops, and read it back at the next start, applying the catalogue changes made meanwhile, instead of indexing the whole catalogue again. A saved index from another build, another database or before a migration is not used.',
  }),
  SEARCH_MAX_QUERY_LENGTH: Type.Integer({
    default: 200,
    minimum: 20,
    maximum: 2000,
    description: 'Longer search texts are cut to this many characters before matching.',
  }),
  SEARCH_COUNT_QUERIES: Type.Boolean({
    default: true,
    description: 'Count searches per day (the text only, no user or address) to suggest popular searches.',
  }),
  SEARCH_SUGGEST_MIN_COUNT: Type.Integer({
    default: 3,
    minimum: 1,
    description:
      'Times a search must have been made (over the last 30 days) before others are offered it as a suggestion.',
  }),
});
