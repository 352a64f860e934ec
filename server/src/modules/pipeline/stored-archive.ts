import path from 'node:path';
import type { Selectable } from 'kysely';
import { archiveLimitsFromConfig } from '../../config/archive.js';
import type { AppContext } from '../../context.js';
import type { NodeVersionStatus, StorageFilesTable } from '../../db/schema.js';
import type { AnalyzeArchive, ArchiveAnalysis, ArchiveLimits } from '../../engines/archive/types.js';
import type { EventBus } from '../../lib/events.js';
import { AnalysisLimitError } from './analyser-pool.js';
import { ArchiveIntegrityError, fetchArchive } from './fetch-archive.js';
import type { ProcessingSubject } from './repository.js';

/** The stored blob and what its upload recorded about it. */
export type StoredArchiveFile = Pick<Selectable<StorageFilesTable>, 'storage_key' | 'size_bytes' | 'sha256'>;

/**
 * What reading a stored archive gave, or why it could not be read in a way no retry mends: the
 * stored blob is missing or differs from what was recorded (`stored`), or the analysis ran into
 * its time or memory bound (`limit`).
 */
export type StoredArchiveRead<T> = { ok: true; value: T } | { ok: false; cause: 'stored' | 'limit'; reason: string };

/**
 * The one stored-archive step: copies the blob to a temporary file (checking the recorded size and
 * SHA-256), hands the file to `read`, and removes the copy. `onFetched` runs between the copy and
 * the read (the pipeline moves its progress stage there). Storage outages and other errors throw,
 * so a job retries; the failures no retry mends come back with their reason. What to write is the
 * caller's policy.
 */
export async function readStoredArchive<T>(
  ctx: Pick<AppContext, 'config' | 'storage'>,
  file: StoredArchiveFile,
  read: (zipPath: string, limits: ArchiveLimits) => Promise<T>,
  onFetched: () => Promise<void> = async () => {},
): Promise<StoredArchiveRead<T>> {
  const tmpDir = path.join(ctx.config.database.DATA_DIR, 'tmp');
  const limits = archiveLimitsFromConfig(ctx.config.publishing);
  let archive: Awaited<ReturnType<typeof fetchArchive>>;
  try {
    archive = await fetchArchive(
      ctx.storage,
      file.storage_key,
      { sizeBytes: Number(file.size_bytes), sha256: file.sha256 },
      tmpDir,
    );
  } catch (error) {
    if (!(error instanceof ArchiveIntegrityError)) throw error;
    return { ok: false, cause: 'stored', reason: error.message };
  }
  try {
    await onFetched();
    return { ok: true, value: await read(archive.path, limits) };
  } catch (error) {
    // A timeout or the memory limit is a property of the archive: retrying would only hold an
    // analyser again for as long.
    if (!(error instanceof AnalysisLimitError)) throw error;
    return { ok: false, cause: 'limit', reason: error.message };
  } finally {
    await archive.remove();
  }
}

/** The stored-archive step with the analyser as the reader: a version's archive, as its pack id and version expect. */
export function analyseStoredArchive(
  ctx: Pick<AppContext, 'config' | 'storage'>,
  analyze: AnalyzeArchive,
  subject: ProcessingSubject & { file: Selectable<StorageFilesTable> },
  onFetched?: () => Promise<void>,
): Promise<StoredArchiveRead<ArchiveAnalysis>> {
  const expected = { name: subject.node.id, version: subject.version.version };
  return readStoredArchive(ctx, subject.file, (zipPath, limits) => analyze(zipPath, expected, limits), onFetched);
}

/**
 * Tells the admins (`notifications/flagged.ts`) that an analysis held a version, once its outcome
 * is committed and only when it moved the version to Flagged: the one place `version:flagged` is
 * emitted.
 */
export function announceAnalysisOutcome(
  events: EventBus,
  versionId: string,
  written: { status: NodeVersionStatus; statusChanged: boolean },
): void {
  if (written.statusChanged && written.status === 'NodeVersionStatusFlagged') events.emit('version:flagged', versionId);
}
