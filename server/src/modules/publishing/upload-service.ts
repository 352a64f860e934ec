import type { Readable } from 'node:stream';
import type { AppContext } from '../../context.js';
import { archiveKey, BlobTooLargeError } from '../../engines/storage/blob-store.js';
import { conflict, withCode } from '../../lib/errors.js';
import { requireNoPublishingBan } from '../catalogue/publishing-ban.js';
import { queueArchive, storeArchive } from './store-archive.js';
import { archiveTooLarge, checkDeclaredSize, checkZipContentType, guardedBody } from './upload-checks.js';
import { claimUploadTicket, releaseUploadTicket } from './upload-ticket.js';
import { keepTicketAlive, startUpload } from './uploads-in-flight.js';

/** What a finished upload stored. */
export interface UploadResult {
  versionId: string;
  sizeBytes: number;
  sha256: string;
}

export interface UploadInput {
  secret: string;
  contentType: string | undefined;
  /** The Content-Length header, when the client sent one. */
  contentLength: number | undefined;
  body: Readable | undefined;
}

/**
 * `comfy node publish`, step two: `PUT {signedUrl}` with the zip. Checks that cost nothing come
 * before the body is read (content type, declared size, ticket), then the body streams into
 * storage with a byte limit, and the archive row, the version link and the processing job are
 * written together. A refused or interrupted upload gives its ticket back for another try.
 */
export async function receiveUpload(ctx: AppContext, input: UploadInput): Promise<UploadResult> {
  const settings = ctx.config.publishing;
  const max = settings.MAX_ARCHIVE_BYTES;
  checkZipContentType(input.contentType);
  checkDeclaredSize(input.contentLength, max);
  const ticket = await claimUploadTicket(ctx.db, input.secret, new Date());
  let finish = () => {};
  try {
    const version = await ctx.db
      .selectFrom('node_versions')
      .select(['id', 'node_id', 'version', 'status', 'storage_file_id', 'publisher_id'])
      .where('id', '=', ticket.versionId)
      .executeTakeFirstOrThrow();
    if (version.status !== 'NodeVersionStatusPending' || version.storage_file_id !== null) {
      throw withCode(
        conflict('This version no longer accepts an archive', `it is ${version.status}`),
        'version.closed',
        { status: version.status },
      );
    }
    // The URL may have been issued before a ban: check again before reading a byte.
    await requireNoPublishingBan(ctx.db, version.publisher_id, version.node_id);
    // Upload URLs carry no account: the publisher whose token asked for them is the one limited.
    const counted = startUpload(ctx, `publisher:${version.publisher_id}`);
    const stopHeartbeat = keepTicketAlive(ctx, ticket.id);
    finish = () => {
      stopHeartbeat();
      counted();
    };
    const body = guardedBody(input.body, input.contentLength, settings.UPLOAD_IDLE_TIMEOUT_SECONDS * 1000);
    const key = archiveKey(version.publisher_id, version.node_id, version.version);
    const stored = await storeArchive(ctx, key, version.id, body.stream, max).catch((error: unknown) => {
      body.detach();
      throw error instanceof BlobTooLargeError ? archiveTooLarge(max) : error;
    });
    await queueArchive(ctx, version.id, key, stored);
    return { versionId: version.id, sizeBytes: stored.sizeBytes, sha256: stored.sha256 };
  } catch (error) {
    // Nothing was kept, so the URL may be used again (say, after a dropped connection).
    await releaseUploadTicket(ctx.db, ticket.id).catch(() => undefined);
    throw error;
  } finally {
    finish();
  }
}
