import { PassThrough, type Readable } from 'node:stream';
import { badRequest, HttpError } from '../../lib/errors.js';

/** Makes Node close the connection after an early answer instead of reading the unread body. */
const CLOSE = { connection: 'close' };

/** 415 unless the request says it carries a zip (`application/zip`, parameters allowed). */
export function checkZipContentType(contentType: string | undefined): void {
  const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  if (mediaType === 'application/zip') return;
  throw new HttpError(
    415,
    'Content-Type must be application/zip',
    `got "${(contentType ?? '').slice(0, 100) || 'none'}"`,
    CLOSE,
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
  return new HttpError(413, 'The archive is too large', detail, CLOSE);
}

/**
 * The request body behind a PassThrough. Stores destroy their input when they stop early (size
 * limit); destroying the request itself would kill the socket before the 413 answer is sent.
 * `detach` stops the flow so nothing more is read.
 */
export function guardedBody(body: Readable | undefined, contentLength: number | undefined) {
  if (!body || contentLength === 0) throw badRequest('The upload is empty', 'send the zip as the body');
  const stream = new PassThrough();
  body.pipe(stream);
  return { stream, detach: () => body.unpipe(stream) };
}
