import { finished, type Readable, Transform } from 'node:stream';
import { badRequest, HttpError, payloadTooLarge, unsupportedMediaType, withCode } from '../../lib/errors.js';

/** Makes Node close the connection after an early answer instead of reading the unread body. */
const CLOSE = { connection: 'close' };

/** 415 unless the request says it carries a zip (`application/zip`, parameters allowed). */
export function checkZipContentType(contentType: string | undefined): void {
  const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  if (mediaType === 'application/zip') return;
  const got = (contentType ?? '').slice(0, 100) || 'none';
  throw withCode(
    unsupportedMediaType('Content-Type must be application/zip', `got "${got}"`, CLOSE),
    'archive.content_type',
    { got },
  );
}

/** 413 when the declared size is over the limit, before a byte of the body is read. */
export function checkDeclaredSize(contentLength: number | undefined, max: number): void {
  if (contentLength !== undefined && contentLength > max) throw archiveTooLarge(max, contentLength);
}

/** The 413 answer, with the limit (and the declared size when known). */
export function archiveTooLarge(max: number, declared?: number): HttpError {
  const detail =
    declared === undefined ? `the limit is ${max} bytes` : `${declared} bytes declared; the limit is ${max} bytes`;
  return withCode(payloadTooLarge('The archive is too large', detail, CLOSE), 'archive.too_large', { limit: max });
}

/** 400 for an upload without bytes (both publishing paths answer it the same way). */
export function emptyUpload(): HttpError {
  return withCode(badRequest('The upload is empty', 'send the zip as the body'), 'archive.empty');
}

/**
 * The request body behind a pass-through stream. Stores destroy their input when they stop early
 * (size limit); destroying the request itself would kill the socket before the 413 answer is
 * sent. The other way round, `pipe` passes on neither an abort nor an error, so a client that
 * drops the connection would leave the store waiting for the rest forever (file open, ticket
 * taken). So a request that closes before its whole body arrived, or whose body stops
 * arriving for `idleMs`, destroys the pass-through, which fails the store at once. `detach`
 * stops the flow so nothing more is read.
 */
export function guardedBody(body: Readable | undefined, contentLength: number | undefined, idleMs: number) {
  if (!body || contentLength === 0) throw emptyUpload();
  let idle: NodeJS.Timeout | undefined;
  const stall = () =>
    stream.destroy(
      withCode(
        new HttpError(408, 'The upload stalled', `no data arrived for ${Math.round(idleMs / 1000)} s`, CLOSE),
        'archive.stalled',
        { seconds: Math.round(idleMs / 1000) },
      ),
    );
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      idle?.refresh();
      callback(null, chunk);
    },
  });
  idle = setTimeout(stall, idleMs);
  const stopWatching = finished(body, { writable: false }, (error) => {
    if (error) stream.destroy(new UploadAbortedError(error));
  });
  const settle = () => {
    clearTimeout(idle);
    stopWatching();
  };
  stream.once('close', settle);
  stream.once('end', settle);
  body.pipe(stream);
  return {
    stream,
    detach: () => {
      settle();
      body.unpipe(stream);
    },
  };
}

/** The client went away (or its request failed) before the whole body arrived. */
export class UploadAbortedError extends HttpError {
  constructor(cause: Error) {
    // Nobody is left to read the answer; the status is for the log.
    super(400, 'The upload was interrupted', cause.message, CLOSE);
    this.name = 'UploadAbortedError';
    this.code = 'archive.interrupted';
    this.params = {};
  }
}
