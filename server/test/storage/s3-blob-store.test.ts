import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3BlobStore, type S3BlobStoreOptions } from '../../src/engines/storage/s3-blob-store.js';
import { blobStoreContract } from './blob-store-contract.js';
import { FAKE_S3_KEYS, startFakeS3 } from './fake-s3.js';

/**
 * The BlobStore contract against S3. A real S3-compatible service is used when TEST_S3_ENDPOINT
 * (with TEST_S3_BUCKET, TEST_S3_ACCESS_KEY_ID, TEST_S3_SECRET_ACCESS_KEY, optional
 * TEST_S3_REGION) is set; otherwise the suite runs against s3rver, an S3 protocol fake started
 * in this process, which proves the wire calls but not a real service's quirks.
 */
const real = process.env.TEST_S3_ENDPOINT
  ? {
      endpoint: process.env.TEST_S3_ENDPOINT,
      bucket: process.env.TEST_S3_BUCKET ?? '',
      accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID,
      secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY,
      region: process.env.TEST_S3_REGION ?? 'us-east-1',
    }
  : null;

let fake: Awaited<ReturnType<typeof startFakeS3>> | null = null;
let endpoint = real?.endpoint ?? '';

beforeAll(async () => {
  if (real) return;
  process.stderr.write(
    'S3 contract: TEST_S3_ENDPOINT is not set, so no real S3 service is tested; running against s3rver (a local fake).\n',
  );
  fake = await startFakeS3('registry-test');
  endpoint = fake.endpoint;
});

afterAll(async () => {
  await fake?.close();
});

function options(overrides: Partial<S3BlobStoreOptions> = {}): S3BlobStoreOptions {
  return {
    bucket: real?.bucket ?? 'registry-test',
    region: real?.region ?? 'us-east-1',
    endpoint,
    accessKeyId: real ? real.accessKeyId : FAKE_S3_KEYS.accessKeyId,
    secretAccessKey: real ? real.secretAccessKey : FAKE_S3_KEYS.secretAccessKey,
    forcePathStyle: true,
    // A fresh prefix per store keeps cases apart (and keeps a real bucket's other objects safe).
    keyPrefix: `contract-${randomBytes(6).toString('hex')}/`,
    apiBaseUrl: 'http://registry.test',
    ...overrides,
  };
}

blobStoreContract(
  real ? `S3BlobStore on ${real.endpoint}` : 'S3BlobStore on s3rver',
  async () => new S3BlobStore(options()),
);

describe('S3BlobStore download URLs', () => {
  it('point at the public bucket URL (with the key prefix) when one is set, else at the API', () => {
    const cdn = new S3BlobStore(options({ publicUrl: 'https://cdn.example.com/', keyPrefix: 'registry/' }));
    expect(cdn.downloadUrl('acme/hello/1.0.0/node.zip')).toBe(
      'https://cdn.example.com/registry/acme/hello/1.0.0/node.zip',
    );
    const api = new S3BlobStore(options({ publicUrl: undefined }));
    expect(api.downloadUrl('acme/hello/1.0.0/node.zip')).toBe('http://registry.test/files/acme/hello/1.0.0/node.zip');
  });
});
