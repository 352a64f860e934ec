import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { JobWorker } from '../../../src/engines/jobs/worker.js';
import { registryJobHandlers } from '../../../src/job-handlers.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { packZip, pyprojectFor } from '../../helpers/pack-zip.js';
import { acmeWithToken, cliPublishBody, uploadPath } from './comfy-cli.js';

/** Publishes hello@1.0.0 with comfy-cli's calls, uploads `zip`, runs the pipeline, returns the processing status. */
async function processed(t: TestApp, zip: Uint8Array) {
  const { token, owner } = await acmeWithToken(t);
  const published = await t.anon.post('/publishers/acme/nodes/hello/versions', cliPublishBody(token, 'hello', '1.0.0'));
  const versionId = published.json().node_version.id as string;
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
  const client = await t.as(owner);
  const status = await client.get(`/publishers/acme/nodes/hello/versions/${versionId}/processing`);
  expect(status.statusCode).toBe(200);
  return { versionId, status: status.json() };
}

/** A stable code and the values of its sentence, as the API answers them next to the reason. */
type Coded = { code: string; params: Record<string, string | number> };

function rejected(versionId: string, reason: string, coded: Coded) {
  return {
    node_version_id: versionId,
    version: '1.0.0',
    status: 'NodeVersionStatusDeleted',
    status_reason: `Archive rejected: ${reason}`,
    status_reason_code: coded.code,
    status_reason_params: coded.params,
    stage: 'failed',
    error: reason,
    comfy_node_extract_status: 'failed',
    comfy_nodes: 0,
    attempts: 1,
    queued_at: expect.any(String),
    started_at: expect.any(String),
    finished_at: expect.any(String),
  };
}

const base = { name: 'hello', version: '1.0.0' };

describe('archive checks through the whole publish path (real analyser)', () => {
  it('a clean pack becomes Active with its node definitions', async () => {
    const t = await buildTestApp();
    const { versionId, status } = await processed(t, packZip(base));
    expect(status).toEqual({
      node_version_id: versionId,
      version: '1.0.0',
      status: 'NodeVersionStatusActive',
      status_reason: 'Passed automated checks',
      stage: 'done',
      error: '',
      comfy_node_extract_status: 'success',
      comfy_nodes: 1,
      attempts: 1,
      queued_at: expect.any(String),
      started_at: expect.any(String),
      finished_at: expect.any(String),
    });
  });

  const cases: [string, () => Uint8Array, string, Coded][] = [
    [
      'a truncated zip',
      () => packZip(base).slice(0, 200),
      'the upload is not a readable zip archive (End of central directory record signature not found. Either not a zip file, or file is truncated.)',
      {
        code: 'archive.unreadable',
        params: {
          detail: 'End of central directory record signature not found. Either not a zip file, or file is truncated.',
        },
      },
    ],
    [
      'a missing pyproject.toml',
      () => packZip({ ...base, pyproject: null }),
      'pyproject.toml is missing at the archive root',
      { code: 'archive.pyproject_missing', params: {} },
    ],
    [
      'a pyproject.toml for another package',
      () => packZip({ ...base, pyproject: pyprojectFor({ ...base, name: 'other' }) }),
      'pyproject.toml names the package "other", but it is being published as "hello"',
      { code: 'archive.other_node', params: { declared: 'other', nodeId: 'hello' } },
    ],
    [
      'a pyproject.toml with another version',
      () => packZip({ ...base, pyproject: pyprojectFor({ ...base, version: '2.0.0' }) }),
      'pyproject.toml has version "2.0.0", but version "1.0.0" is being published',
      { code: 'archive.other_version', params: { declared: '2.0.0', version: '1.0.0' } },
    ],
    [
      'an entry that climbs out of the folder (zip-slip)',
      () => packZip({ ...base, files: { '../evil.py': 'x = 1\n' } }),
      'entry "../evil.py" has a ".." path segment that would unpack outside the pack folder (zip-slip)',
      { code: 'archive.path_traversal', params: { entry: '../evil.py' } },
    ],
    [
      'a symbolic link',
      () =>
        zipSync({
          'pyproject.toml': strToU8(pyprojectFor(base)),
          'link.py': [strToU8('/etc/passwd'), { os: 3, attrs: (0o120777 << 16) >>> 0 }],
        }),
      'entry "link.py" is a symbolic link; links could point outside the pack folder',
      { code: 'archive.symlink', params: { entry: 'link.py' } },
    ],
    [
      'a zip bomb',
      () => zipSync({ 'pyproject.toml': strToU8(pyprojectFor(base)), 'data.bin': new Uint8Array(20 * 1024 * 1024) }),
      'entry "data.bin" expands 1024-fold (limit 200); this looks like a zip bomb',
      { code: 'archive.compression_ratio', params: { entry: 'data.bin', ratio: 1024, limit: 200 } },
    ],
  ];

  for (const [name, zip, reason, coded] of cases) {
    it(`rejects ${name}: Deleted with a clear reason and its code`, async () => {
      const t = await buildTestApp();
      const { versionId, status } = await processed(t, zip());
      expect(status).toEqual(rejected(versionId, reason, coded));
      // The publisher's version list says the same, coded, where it shows reasons.
      const listed = await t.anon.get(
        '/nodes/hello/versions?statuses=NodeVersionStatusDeleted&include_status_reason=true',
      );
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toEqual([
        expect.objectContaining({
          id: versionId,
          status_reason: `Archive rejected: ${reason}`,
          status_reason_code: coded.code,
          status_reason_params: coded.params,
        }),
      ]);
    });
  }

  it('flags dangerous code, listing the findings', async () => {
    const t = await buildTestApp();
    const payload = 'import base64\nexec(base64.b64decode("cHJpbnQoMSk="))\n';
    const { versionId, status } = await processed(t, packZip({ ...base, files: { 'evil.py': payload } }));
    const findings = [
      {
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
      },
    ];
    expect(status).toEqual({
      node_version_id: versionId,
      version: '1.0.0',
      status: 'NodeVersionStatusFlagged',
      status_reason: JSON.stringify(findings),
      stage: 'done',
      error: '',
      findings,
      comfy_node_extract_status: 'success',
      comfy_nodes: 1,
      attempts: 1,
      queued_at: expect.any(String),
      started_at: expect.any(String),
      finished_at: expect.any(String),
    });
    // Flagged versions are not installable.
    const install = await t.anon.get('/nodes/hello/install?version=1.0.0');
    expect(install.statusCode).toBe(403);
  });
});
