import { expect } from 'vitest';
import { JobWorker } from '../../../src/engines/jobs/worker.js';
import { registryJobHandlers } from '../../../src/job-handlers.js';
import type { TestApp } from '../../helpers/app.js';
import { packZip } from '../../helpers/pack-zip.js';
import { acmeWithToken, cliPublishBody, uploadPath } from '../publishing/comfy-cli.js';

/** A job worker over the app's database with every registry handler, run on demand. */
export function testWorker(t: TestApp) {
  return new JobWorker(t.ctx.db, t.ctx.dialect, registryJobHandlers(t.ctx), {
    concurrency: 1,
    pollIntervalMs: 1000,
    leaseMs: 60_000,
    retryBaseSeconds: 1,
  });
}

/** The one finding the scanner reports for `EVIL_PY`. */
export const EVIL_FINDING = {
  issue_type: 'obfuscated_code_execution',
  file_path: 'evil.py',
  line_number: 2,
  column: 1,
  code_snippet: 'exec(base64.b64decode("cHJpbnQoMSk="))',
  message:
    'runs code hidden in data decoded by base64.b64decode() with exec(); encoded payloads are a common way to hide malware',
  scanner: 'python-ast',
  severity: 'high',
  grade: 'hold',
  context: 'unimported',
};
const EVIL_PY = 'import base64\nexec(base64.b64decode("cHJpbnQoMSk="))\n';

/** Publishes acme/hello@1.0.0 with comfy-cli's calls and an archive the scanner flags; runs the pipeline. */
export async function publishFlagged(t: TestApp) {
  const { token, owner } = await acmeWithToken(t);
  const published = await t.anon.post('/publishers/acme/nodes/hello/versions', cliPublishBody(token, 'hello', '1.0.0'));
  expect(published.statusCode).toBe(201);
  const put = await t.anon.inject({
    method: 'PUT',
    url: uploadPath(published.json().signedUrl),
    headers: { 'content-type': 'application/zip' },
    payload: Buffer.from(packZip({ name: 'hello', version: '1.0.0', files: { 'evil.py': EVIL_PY } })),
  });
  expect(put.statusCode).toBe(200);
  await testWorker(t).runOnce();
  return { owner, versionId: published.json().node_version.id as string };
}
