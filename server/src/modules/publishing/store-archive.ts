import type { Readable } from 'node:stream';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { announceJobQueued } from '../../engines/jobs/queue.js';
import type { StoredBlob } from '../../engines/storage/blob-store.js';
import { conflict, withCode } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { enqueueArchiveProcessing } from '../pipeline/enqueue.js';
import { PROCESS_ARCHIVE_JOB } from '../pipeline/process-archive.js';
import { queueProcessing } from '../pipeline/repository.js';
import { attachArchive, findStorageFileByKey } from './repository.js';
import { emptyUpload } from './upload-checks.js';

/** Media type of every stored archive. */
export const ARCHIVE_CONTENT_TYPE = 'application/zip';

/**
 * Streams an archive into the blob store under `key`. A key still held by another version is
 * refused (409); an empty body stores nothing (400). At most `maxBytes` reach the store.
 */
export async function storeArchive(
  ctx: AppContext,
  key: string,
  versionId: string,
  body: Readable,
  maxBytes: number,
): Promise<StoredBlob> {
  const existing = await findStorageFileByKey(ctx.db, key);
  if (existing?.used_by && existing.used_by !== versionId) {
    throw withCode(conflict('Another version already stored an archive under this name', key), 'archive.key_taken');
  }
  const stored = await ctx.storage.put(key, body, { contentType: ARCHIVE_CONTENT_TYPE, maxBytes });
  if (stored.sizeBytes === 0) {
    await ctx.storage.delete(key);
    throw emptyUpload();
  }
  return stored;
}

/**
 * Records a stored archive inside the caller's transaction: the storage_files row, the version's
 * link to it, its progress row and the `process-archive` job, so they exist together or not at all.
 */
export async function recordArchive(
  trx: Transaction<Database>,
  versionId: string,
  key: string,
  stored: StoredBlob,
  maxAttempts: number,
): Promise<void> {
  const now = new Date().toISOString();
  const file = {
    id: newId(),
    storage_key: key,
    content_type: ARCHIVE_CONTENT_TYPE,
    size_bytes: stored.sizeBytes,
    sha256: stored.sha256,
    created_at: now,
  };
  if (!(await attachArchive(trx, versionId, file, now))) {
    throw withCode(conflict('This version no longer accepts an archive'), 'version.closed', { status: '' });
  }
  await queueProcessing(trx, versionId, now);
  await enqueueArchiveProcessing(trx, versionId, maxAttempts);
}

/**
 * `recordArchive` in a transaction of its own. If it fails the blob is removed again, so storage
 * never keeps an archive the database does not know; after commit the worker is woken.
 */
export async function queueArchive(ctx: AppContext, versionId: string, key: string, stored: StoredBlob): Promise<void> {
  try {
    await ctx.db
      .transaction()
      .execute((trx) => recordArchive(trx, versionId, key, stored, ctx.config.jobs.JOBS_MAX_ATTEMPTS));
  } catch (error) {
    await ctx.storage.delete(key).catch(() => undefined);
    throw error;
  }
  announceJobQueued(ctx.events, PROCESS_ARCHIVE_JOB);
}
