import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
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

/** Part size of multipart uploads; a put holds at most QUEUE_SIZE parts in memory. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

/**
 * Blobs in an S3-compatible bucket. Uploads stream through a byte meter into a multipart upload
 * (nothing is visible under the key until it completes; a failed or oversized upload is
 * aborted), so memory stays at a few parts whatever the archive size.
 */
export class S3BlobStore implements BlobStore {
  readonly #client: S3Client;

  constructor(
    private readonly options: S3BlobStoreOptions,
    client?: S3Client,
  ) {
    this.#client = client ?? createS3Client(options);
  }

  async put(key: string, body: Readable, options: PutOptions): Promise<StoredBlob> {
    const objectKey = this.#objectKey(key);
    const meter = new StreamMeter(options.maxBytes, () => new BlobTooLargeError(options.maxBytes));
    body.on('error', (error) => meter.destroy(error));
    const upload = new Upload({
      client: this.#client,
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
    try {
      const result = await this.#client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: objectKey }));
      if (!result.Body) return null;
      const body = result.Body instanceof Readable ? result.Body : Readable.fromWeb(result.Body.transformToWebStream());
      return { body, sizeBytes: Number(result.ContentLength ?? 0) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const objectKey = this.#objectKey(key);
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: objectKey }));
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
export function createS3Client(options: S3BlobStoreOptions): S3Client {
  return new S3Client({
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

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
  }
  return false;
}
