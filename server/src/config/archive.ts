import type { ArchiveLimits } from '../engines/archive/types.js';

/**
 * The environment variables that bound the archive analyser. They are declared once, in the
 * publishing schema (`config.publishing`), because the upload route enforces the same archive
 * size; this structural type lets the analyser read them without a second set of variables.
 */
export interface ArchiveLimitSettings {
  MAX_ARCHIVE_BYTES: number;
  ARCHIVE_MAX_ENTRIES: number;
  ARCHIVE_MAX_UNCOMPRESSED_BYTES: number;
  ARCHIVE_MAX_COMPRESSION_RATIO: number;
  ARCHIVE_MAX_SOURCE_FILE_BYTES: number;
  ARCHIVE_MAX_SOURCE_BYTES: number;
  ARCHIVE_MAX_TEXT_BYTES: number;
  ARCHIVE_ALLOWED_INDEX_HOSTS: string;
}

/** Turns the configured archive settings into the limits `analyzeArchive` takes. */
export function archiveLimitsFromConfig(settings: ArchiveLimitSettings): ArchiveLimits {
  return {
    maxArchiveBytes: settings.MAX_ARCHIVE_BYTES,
    maxEntries: settings.ARCHIVE_MAX_ENTRIES,
    maxUncompressedBytes: settings.ARCHIVE_MAX_UNCOMPRESSED_BYTES,
    maxCompressionRatio: settings.ARCHIVE_MAX_COMPRESSION_RATIO,
    maxSourceFileBytes: settings.ARCHIVE_MAX_SOURCE_FILE_BYTES,
    maxSourceBytes: settings.ARCHIVE_MAX_SOURCE_BYTES,
    maxTextBytes: settings.ARCHIVE_MAX_TEXT_BYTES,
    allowedIndexHosts: settings.ARCHIVE_ALLOWED_INDEX_HOSTS.split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  };
}
