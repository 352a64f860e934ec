import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver (an S3 protocol fake) on a free loopback port with one empty bucket. */
export async function startFakeS3(bucket: string): Promise<{ endpoint: string; close(): Promise<void> }> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: mkdtempSync(path.join(os.tmpdir(), 's3rver-')),
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/** The credentials s3rver accepts. */
export const FAKE_S3_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** The settings that keep a registry's archives in `bucket` of the fake listening on `endpoint`. */
export function fakeS3Settings(endpoint: string, bucket: string): Record<string, string> {
  return {
    BLOB_STORE: 's3',
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: FAKE_S3_KEYS.accessKeyId,
    S3_SECRET_ACCESS_KEY: FAKE_S3_KEYS.secretAccessKey,
  };
}
