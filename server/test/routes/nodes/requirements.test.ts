import { describe, expect, it } from 'vitest';
import { JobWorker } from '../../../src/engines/jobs/worker.js';
import { registryJobHandlers } from '../../../src/job-handlers.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { packZip } from '../../helpers/pack-zip.js';
import { acmeWithToken, cliPublishBody, uploadPath } from '../publishing/comfy-cli.js';

/** Publishes hello@1.0.0 as comfy-cli does, uploads `zip` and runs the pipeline once. */
async function publishAndProcess(t: TestApp, zip: Uint8Array): Promise<void> {
  const { token } = await acmeWithToken(t);
  const published = await t.anon.post('/publishers/acme/nodes/hello/versions', cliPublishBody(token, 'hello', '1.0.0'));
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

const blank = { extras: [], markers: '', url: '', option: '', editable: false, problem: '', specifier: '', name: '' };

describe('GET /nodes/{id}/versions/{version}: Python requirements read from the archive', () => {
  it('serves requirements.txt with the files it includes, then [project].dependencies, in pip order', async () => {
    const t = await buildTestApp();
    const zip = packZip({
      name: 'hello',
      version: '1.0.0',
      projectLines: ['dependencies = ["Pillow>=10"]'],
      files: {
        'requirements.txt': 'numpy>=1.26,<3 ; python_version >= "3.10"\n-r extra/more.txt\nnot valid !!\n',
        'extra/more.txt': 'Opencv_Python[contrib]==4.9.0.80\n',
      },
    });
    await publishAndProcess(t, zip);
    const res = await t.anon.get('/nodes/hello/versions/1.0.0');
    expect(res.statusCode).toBe(200);
    expect(res.json().requirements).toEqual([
      {
        ...blank,
        kind: 'requirement',
        name: 'numpy',
        specifier: '>=1.26,<3',
        markers: 'python_version >= "3.10"',
        source_file: 'requirements.txt',
        line: 1,
        text: 'numpy>=1.26,<3 ; python_version >= "3.10"',
      },
      {
        ...blank,
        kind: 'problem',
        source_file: 'requirements.txt',
        line: 3,
        text: 'not valid !!',
        problem: expect.stringMatching(/^not a valid requirement/),
      },
      {
        ...blank,
        kind: 'requirement',
        name: 'opencv-python',
        specifier: '==4.9.0.80',
        extras: ['contrib'],
        source_file: 'extra/more.txt',
        line: 1,
        text: 'Opencv_Python[contrib]==4.9.0.80',
      },
      {
        ...blank,
        kind: 'requirement',
        name: 'pillow',
        specifier: '>=10',
        source_file: 'pyproject.toml',
        line: 6,
        text: 'Pillow>=10',
      },
    ]);
    expect(res.json().comfy_node_extract_reason).toBe('found 1 node definition(s)');
  });

  it('serves an empty list for a pack that declares no requirements, and 404 for an unknown version', async () => {
    const t = await buildTestApp();
    await publishAndProcess(t, packZip({ name: 'hello', version: '1.0.0' }));
    const res = await t.anon.get('/nodes/hello/versions/1.0.0');
    expect(res.statusCode).toBe(200);
    expect(res.json().requirements).toEqual([]);
    expect((await t.anon.get('/nodes/hello/versions/9.9.9')).statusCode).toBe(404);
  });
});
