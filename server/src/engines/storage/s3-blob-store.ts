import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { StreamMeter } from '../../lib/stream-meter.js';
import { type BlobStore, BlobTooLargeError, isValidBlobKey, type PutOptions, type StoredBlob } from './blob-store.js';

/** How to reach the bucket, from the `S3_*` settings. */
export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  /** S3-compatible service (MinIO, R2, ...); unset for AWS. */
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
  /** Public or CDN base that serves the bucket; unset: downloads go through the API. */
  publicUrl?: string | undefined;
  /** Prepended to every key (`registry/`), so one bucket can hold several things. */
  keyPrefix: string;
  /** The API's public URL, for `/files/<key>` downloads when there is no public bucket URL. */
  apiBaseUrl: string;
}

type S3Sdk = typeof import('@aws-sdk/client-s3');
type UploadSdk = typeof import('@aws-sdk/lib-storage');

let sdk: Promise<{ s3: S3Sdk; upload: UploadSdk }> | undefined;

/**
 * The AWS SDK, loaded when a bucket is first used: it is several hundred modules, and every
 * process that builds a context (each CLI command too) would otherwise load it at start, whether
 * or not its archives live in a bucket.
 */
function loadSdk(): Promise<{ s3: S3Sdk; upload: UploadSdk }> {
  sdk ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(([s3, upload]) => ({
    s3,
    upload,
  }));
  return sdk;
}

/** Part size of multipart uploads; a put holds at most QUEUE_SIZE parts in memory. */
const PART_SIZE = 8 * 1024 * 1024;
/** Longest a readiness check waits for the bucket. */
const CHECK_TIMEOUT_MS = 5000;
const QUEUE_SIZE = 2;

/**
 * Blobs in an S3-compatible bucket. Uploads stream through a byte meter into a multipart upload
 * (nothing is visible under the key until it completes; a failed or oversized upload is
 * aborted), so memory stays at a few parts whatever the archive size.
 */
export class S3BlobStore implements BlobStore {
  #client: S3Client | undefined;

  constructor(private readonly options: S3BlobStoreOptions) {}

  async #connect(): Promise<{ client: S3Client; s3: S3Sdk; upload: UploadSdk }> {
    const loaded = await loadSdk();
    this.#client ??= createS3Client(loaded.s3, this.options);
    return { client: this.#client, ...loaded };
  }

  async put(key: string, body: Readable, options: PutOptions): Promise<StoredBlob> {
    const objectKey = this.#objectKey(key);
    const { client, upload: uploads } = await this.#connect();
    const meter = new StreamMeter(options.maxBytes, () => new BlobTooLargeError(options.maxBytes));
    body.on('error', (error) => meter.destroy(error));
    const upload = new uploads.Upload({
      client,
      params: { Bucket: this.options.bucket, Key: objectKey, Body: body.pipe(meter), ContentType: options.contentType },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      // Upload aborts the multipart upload itself; make sure the source stops too.
      body.unpipe(meter);
      meter.destroy();
      throw meter.overflow ?? error;
    }
    return { key, ...meter.result() };
  }

  async get(key: string): Promise<{ body: Readable; sizeBytes: number } | null> {
    const objectKey = this.#objectKey(key);
    const { client, s3 } = await this.#connect();
    try {
      const result = await client.send(new s3.GetObjectCommand({ Bucket: this.options.bucket, Key: objectKey }));
      if (!result.Body) return null;
      const body = result.Body instanceof Readable ? result.Body : Readable.fromWeb(result.Body.transformToWebStream());
      return { body, sizeBytes: Number(result.ContentLength ?? 0) };
    } catch (error) {
      if (isNotFound(s3, error)) return null;
      throw error;
    }
  }

  async getRange(key: string, start: number, end: number): Promise<Readable | null> {
    const objectKey = this.#objectKey(key);
    const { client, s3 } = await this.#connect();
    if (end <= start) return Readable.from([]);
    try {
      const result = await client.send(
        new s3.GetObjectCommand({ Bucket: this.options.bucket, Key: objectKey, Range: `bytes=${start}-${end - 1}` }),
      );
      if (!result.Body) return null;
      return result.Body instanceof Readable ? result.Body : Readable.fromWeb(result.Body.transformToWebStream());
    } catch (error) {
      if (isNotFound(s3, error)) return null;
      throw error;
    }
  }

  /** Asks the bucket whether it exists and these credentials may use it (HeadBucket). */
  async check(): Promise<void> {
    const { client, s3 } = await this.#connect();
    await client.send(new s3.HeadBucketCommand({ Bucket: this.options.bucket }), {
      abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
  }

  async delete(key: string): Promise<void> {
    const objectKey = this.#objectKey(key);
    const { client, s3 } = await this.#connect();
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.options.bucket, Key: objectKey }));
  }

  downloadUrl(key: string): string {
    const path = key.split('/').map(encodeURIComponent).join('/');
    if (this.options.publicUrl) {
      const prefix = this.options.keyPrefix.split('/').filter(Boolean).map(encodeURIComponent).join('/');
      return `${this.options.publicUrl.replace(/\/$/, '')}/${prefix ? `${prefix}/` : ''}${path}`;
    }
    return `${this.options.apiBaseUrl.replace(/\/$/, '')}/files/${path}`;
  }

  #objectKey(key: string): string {
    if (!isValidBlobKey(key)) throw new Error(`invalid blob key: ${key}`);
    return `${this.options.keyPrefix}${key}`;
  }
}

/** An S3 client for the settings; explicit keys when given, else the default AWS credential chain. */
function createS3Client(s3: S3Sdk, options: S3BlobStoreOptions): S3Client {
  return new s3.S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint
      ? {
          endpoint: options.endpoint,
          // Many S3-compatible services reject the SDK's default CRC checksum headers; the
          // registry checks integrity itself (SHA-256 at upload, verified before processing).
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
          responseChecksumValidation: 'WHEN_REQUIRED' as const,
        }
      : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  });
}

function isNotFound(s3: S3Sdk, error: unknown): boolean {
  if (error instanceof s3.S3ServiceException) {
    return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
  }
  return false;
}
