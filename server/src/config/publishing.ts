import { Type } from 'typebox';

/** Publishing: upload URLs, archive limits and whether new versions wait for an admin. */
export const publishingSchema = Type.Object({
  MAX_ARCHIVE_BYTES: Type.Integer({
    default: 200 * 1024 * 1024,
    minimum: 1024,
    description: 'Largest archive upload accepted, in bytes; larger uploads are refused with 413.',
  }),
  UPLOAD_URL_TTL_SECONDS: Type.Integer({
    default: 900,
    minimum: 30,
    maximum: 86_400,
    description: 'How long the single-use upload URL returned by a publish stays valid.',
  }),
  REQUIRE_REVIEW: Type.Boolean({
    default: false,
    description: 'Keep versions that pass the automated checks Pending until an admin approves them.',
  }),
  ARCHIVE_MAX_ENTRIES: Type.Integer({
    default: 20_000,
    minimum: 1,
    description: 'Most files and folders in one archive.',
  }),
  ARCHIVE_MAX_UNCOMPRESSED_BYTES: Type.Integer({
    default: 1024 * 1024 * 1024,
    minimum: 1024,
    description: 'Largest total uncompressed size of an archive.',
  }),
  ARCHIVE_MAX_COMPRESSION_RATIO: Type.Number({
    default: 200,
    minimum: 1,
    description: 'Largest uncompressed/compressed ratio of any entry (zip bomb guard).',
  }),
  ARCHIVE_ANALYSIS_TIMEOUT_SECONDS: Type.Integer({
    default: 300,
    minimum: 5,
    maximum: 3600,
    description: 'An archive analysis running longer is stopped and the version is refused (not retried).',
  }),
  ARCHIVE_MAX_SOURCE_FILE_BYTES: Type.Integer({
    default: 2 * 1024 * 1024,
    minimum: 1024,
    description: 'Largest single source file read for node extraction and the security scan.',
  }),
  UPLOADS_IN_FLIGHT_PER_ACCOUNT: Type.Integer({
    default: 8,
    minimum: 1,
    maximum: 1000,
    description:
      'Archive uploads one account (or one publisher, for upload URLs) may have running at once; more get 429.',
  }),
  UPLOAD_IDLE_TIMEOUT_SECONDS: Type.Integer({
    default: 60,
    minimum: 1,
    maximum: 3600,
    description: 'An upload whose body stops arriving for this long is cancelled (408) and its URL given back.',
  }),
  LEFTOVER_SWEEP_INTERVAL_SECONDS: Type.Integer({
    default: 600,
    minimum: 1,
    maximum: 86_400,
    description: 'How often files and upload URLs left by crashed uploads and analyses are cleaned up (also at start).',
  }),
  ARCHIVE_MAX_SOURCE_BYTES: Type.Integer({
    default: 16 * 1024 * 1024,
    minimum: 1024,
    description: 'Largest total size of the Python files of one archive that the analyser parses.',
  }),
  ARCHIVE_MAX_TEXT_BYTES: Type.Integer({
    default: 64 * 1024 * 1024,
    minimum: 1024,
    description:
      'Largest total size of the text files (Python, scripts, web code, lists) of one archive read by the scan.',
  }),
  ARCHIVE_ALLOWED_INDEX_HOSTS: Type.String({
    default: 'download.pytorch.org',
    description:
      'Comma-separated hosts of extra package indexes a version may ask pip to use (--extra-index-url, -f): labelled, not held. Any other index holds the version for review.',
  }),
  ARCHIVE_ANALYSIS_MAX_MEMORY_MB: Type.Integer({
    default: 512,
    minimum: 64,
    description: 'Heap limit of the thread that analyses one archive; an analysis that needs more is refused.',
  }),
});
