import { describe, expect, it } from 'vitest';
import { JobWorker } from '../../../src/engines/jobs/worker.js';
import { registryJobHandlers } from '../../../src/job-handlers.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { packZip } from '../../helpers/pack-zip.js';
import { acmeWithToken, cliPublishBody, uploadPath } from '../publishing/comfy-cli.js';

/** Publishes hello@version with comfy-cli's calls and runs the real pipeline over `zip`. */
async function publish(t: TestApp, token: string, version: string, zip: Uint8Array) {
  const published = await t.anon.post('/publishers/acme/nodes/hello/versions', cliPublishBody(token, 'hello', version));
  expect(published.statusCode).toBe(201);
  const put = await t.anon.inject({
    method: 'PUT',
    url: uploadPath(published.json().signedUrl),
    headers: { 'content-type': 'application/zip' },
    payload: Buffer.from(zip),
  });
  expect(put.statusCode).toBe(200);
  const worker = new JobWorker(t.ctx.db, t.ctx.dialect, registryJobHandlers(t.ctx), {
    concurrency: 1,
    pollIntervalMs: 1000,
    leaseMs: 60_000,
    retryBaseSeconds: 1,
  });
  expect(await worker.runOnce()).toBe(1);
}

const readme1 = '# Hello\n\nGreets you. ![demo](docs/demo.png)\n';
const readme2 = '# Hello 2\n\nNow in colour.\n';

describe('GET /nodes/{id}/readme and /nodes/{id}/versions/{version}/readme', () => {
  it('serves the README of the latest version and of each version from its archive', async () => {
    const t = await buildTestApp();
    const { token } = await acmeWithToken(t);
    await publish(t, token, '1.0.0', packZip({ name: 'hello', version: '1.0.0', files: { 'README.md': readme1 } }));
    await publish(t, token, '1.1.0', packZip({ name: 'hello', version: '1.1.0', files: { 'README.md': readme2 } }));

    const latest = await t.anon.get('/nodes/hello/readme');
    expect(latest.statusCode).toBe(200);
    expect(latest.json()).toEqual({
      node_id: 'hello',
      version: '1.1.0',
      file_name: 'README.md',
      format: 'markdown',
      content: readme2,
      size_bytes: Buffer.byteLength(readme2),
      truncated: false,
    });
    const older = await t.anon.get('/nodes/hello/versions/1.0.0/readme');
    expect(older.statusCode).toBe(200);
    expect(older.json()).toEqual({
      node_id: 'hello',
      version: '1.0.0',
      file_name: 'README.md',
      format: 'markdown',
      content: readme1,
      size_bytes: Buffer.byteLength(readme1),
      truncated: false,
    });
  });

  it('answers 404 for a version without a README, and for a pack or version that does not exist', async () => {
    const t = await buildTestApp();
    const { token } = await acmeWithToken(t);
    await publish(
      t,
      token,
      '1.0.0',
      packZip({ name: 'hello', version: '1.0.0', files: { 'docs/README.md': '# only in a subfolder' } }),
    );
    for (const path of [
      '/nodes/hello/readme',
      '/nodes/hello/versions/1.0.0/readme',
      '/nodes/hello/versions/9.9.9/readme',
      '/nodes/nobody/readme',
      '/nodes/nobody/versions/1.0.0/readme',
    ]) {
      const answer = await t.anon.get(path);
      expect({ path, status: answer.statusCode }).toEqual({ path, status: 404 });
      expect(answer.json()).toEqual({ message: expect.any(String), error: expect.any(String) });
    }
  });

  it('answers 400 for a malformed version and a 302 to the canonical id', async () => {
    const t = await buildTestApp();
    const { token } = await acmeWithToken(t);
    await publish(t, token, '1.0.0', packZip({ name: 'hello', version: '1.0.0', files: { 'README.md': readme1 } }));
    const bad = await t.anon.get('/nodes/hello/versions/not..a..version/readme');
    expect(bad.statusCode).toBe(400);
    const moved = await t.anon.get('/nodes/HELLO/readme');
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe('/nodes/hello/readme');
  });

  it('is absent for a pack whose only version has none (a pack page shows no README section)', async () => {
    const t = await buildTestApp();
    const { token } = await acmeWithToken(t);
    await publish(t, token, '1.0.0', packZip({ name: 'hello', version: '1.0.0' }));
    expect((await t.anon.get('/nodes/hello')).json()).toMatchObject({ latest_version: { version: '1.0.0' } });
    expect((await t.anon.get('/nodes/hello/readme')).statusCode).toBe(404);
  });
});
