import type { Readable } from 'node:stream';

/** What was stored: size and SHA-256 of the bytes actually written. */
export interface StoredBlob {
  key: string;
  sizeBytes: number;
  sha256: string;
}

export interface PutOptions {
  contentType: string;
  /** Refuse (and store nothing) once more than this many bytes arrive. */
  maxBytes: number;
}

/**
 * Where archives live. Keys look like `acme/hello/1.0.0/node.zip`; every implementation must
 * accept exactly the keys `isValidBlobKey` accepts and nothing else.
 */
export interface BlobStore {
  /** Streams bytes in; on any failure or size overrun nothing remains stored under the key. */
  put(key: string, body: Readable, options: PutOptions): Promise<StoredBlob>;
  /** A readable stream of the blob, or null when absent. */
  get(key: string): Promise<{ body: Readable; sizeBytes: number } | null>;
  /**
   * Bytes `start` up to (not including) `end` of a blob, or null when absent: the code view
   * reads one file of a remote archive this way instead of fetching the whole archive.
   */
  getRange(key: string, start: number, end: number): Promise<Readable | null>;
  /**
   * The file holding the blob when the store keeps blobs on this machine, so an archive can be
   * read in place (by offset) instead of copied; absent or null for remote stores.
   */
  localPath?(key: string): string | null;
  /** Removes a blob; absent keys are fine. */
  delete(key: string): Promise<void>;
  /** The public URL clients download the blob from. */
  downloadUrl(key: string): string;
  /**
   * Removes half-written blobs last written before `before` (left by a crash during `put`) and
   * returns how many; stores that never keep half a blob need not implement it.
   */
  removeLeftovers?(before: Date): Promise<number>;
  /** Throws, saying why, when the store cannot take and give back blobs now (readiness). */
  check(): Promise<void>;
}

/** Thrown by `put` when the body is larger than allowed. */
export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`blob larger than ${maxBytes} bytes`);
    this.name = 'BlobTooLargeError';
  }
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,199}$/;

/** Keys are 1–8 `/`-separated safe segments: no `..`, no absolute paths, no odd characters. */
export function isValidBlobKey(key: string): boolean {
  const parts = key.split('/');
  return parts.length >= 1 && parts.length <= 8 && parts.every((p) => SEGMENT.test(p) && !p.includes('..'));
}

/** The storage key of a version's archive. */
export function archiveKey(publisherId: string, nodeId: string, version: string): string {
  return `${publisherId}/${nodeId}/${version}/node.zip`;
}
