import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.js';
import { JobWorker } from '../../src/engines/jobs/worker.js';
import { S3BlobStore } from '../../src/engines/storage/s3-blob-store.js';
import { registryJobHandlers } from '../../src/job-handlers.js';
import { buildTestApp } from '../helpers/app.js';
import { packZip } from '../helpers/pack-zip.js';
import { acmeWithToken, cliPublishBody, uploadPath } from '../routes/publishing/comfy-cli.js';
import { fakeS3Settings, startFakeS3 } from './fake-s3.js';

let s3: Awaited<ReturnType<typeof startFakeS3>>;
beforeAll(async () => {
  s3 = await startFakeS3('archives');
});
afterAll(async () => {
  await s3.close();
});

describe('BLOB_STORE=s3', () => {
  it('publishes, processes and serves an archive kept in the bucket', async () => {
    const t = await buildTestApp({ ...fakeS3Settings(s3.endpoint, 'archives'), S3_KEY_PREFIX: 'registry/' });
    expect(t.ctx.storage).toBeInstanceOf(S3BlobStore);
    const { token } = await acmeWithToken(t);
    const published = await t.anon.post(
      '/publishers/acme/nodes/hello/versions',
      cliPublishBody(token, 'hello', '1.0.0'),
    );
    const zip = Buffer.from(packZip({ name: 'hello', version: '1.0.0' }));
    const put = await t.anon.inject({
      method: 'PUT',
      url: uploadPath(published.json().signedUrl),
      headers: { 'content-type': 'application/zip' },
      payload: zip,
    });
    expect(put.statusCode).toBe(200);
    const worker = new JobWorker(t.ctx.db, t.ctx.dialect, registryJobHandlers(t.ctx), {
      concurrency: 1,
      pollIntervalMs: 1000,
      leaseMs: 60_000,
      retryBaseSeconds: 1,
    });
    expect(await worker.runOnce()).toBe(1);
    const version = await t.ctx.db.selectFrom('node_versions').select(['status']).executeTakeFirstOrThrow();
    expect(version.status).toBe('NodeVersionStatusActive');
    // Without S3_PUBLIC_URL, downloads go through the API, which streams from the bucket.
    const install = await t.anon.get('/nodes/hello/install');
    expect(install.json().downloadUrl).toBe('http://registry.test/files/acme/hello/1.0.0/node.zip');
    const download = await t.anon.get('/files/acme/hello/1.0.0/node.zip');
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.rawPayload, zip)).toBe(0);
    // The code view lists from the directory the pipeline kept, and reads one file by byte ranges.
    const listing = await t.anon.get('/nodes/hello/versions/1.0.0/files');
    expect(listing.json().files.map((f: { path: string }) => f.path)).toEqual(['__init__.py', 'pyproject.toml']);
    const file = await t.anon.get('/nodes/hello/versions/1.0.0/files/__init__.py');
    expect(file.json()).toMatchObject({ path: '__init__.py', truncated: false });
    expect(file.json().content).toBe(Buffer.from(unzipSync(zip)['__init__.py'] ?? []).toString('utf8'));
  });
});

describe('S3 settings', () => {
  it('require a bucket for BLOB_STORE=s3, and both keys or neither', () => {
    let caught: unknown;
    try {
      loadConfig({ BLOB_STORE: 's3', S3_ACCESS_KEY_ID: 'only-one' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).problems).toEqual([
      { variable: 'S3_BUCKET', message: 'must be set when BLOB_STORE=s3' },
      { variable: 'S3_SECRET_ACCESS_KEY', message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together' },
    ]);
    expect(loadConfig({}).storage.BLOB_STORE).toBe('local');
    expect(() => loadConfig({ BLOB_STORE: 'gcs' })).toThrow(ConfigError);
  });
});
