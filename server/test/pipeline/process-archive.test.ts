import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { analyzeArchive } from '../../src/engines/archive/index.js';
import type { AnalyzeArchive, ArchiveAnalysis, PackMetadata, ScanFinding } from '../../src/engines/archive/types.js';
import { JobWorker } from '../../src/engines/jobs/worker.js';
import { findArchiveDirectory } from '../../src/modules/catalogue/archive-directories.js';
import { AnalyserPool } from '../../src/modules/pipeline/analyser-pool.js';
import { processArchiveHandler } from '../../src/modules/pipeline/process-archive.js';
import { deflated, rawZip } from '../archive/helpers/raw-zip.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { packZip } from '../helpers/pack-zip.js';
import { acmeWithToken, cliPublishBody, uploadPath } from '../routes/publishing/comfy-cli.js';

function metadata(overrides: Partial<PackMetadata> = {}): PackMetadata {
  return {
    name: 'hello',
    version: '1.0.0',
    description: 'From pyproject',
    license: '{"text": "Apache-2.0"}',
    repository: 'https://github.com/acme/hello-world',
    dependencies: ['numpy'],
    supportedOs: ['POSIX :: Linux'],
    supportedAccelerators: ['GPU :: NVIDIA CUDA'],
    supportedComfyuiVersion: '>=0.3.0',
    supportedComfyuiFrontendVersion: '',
    displayName: 'Hello World',
    icon: '',
    banner: '',
    publisherId: 'acme',
    ...overrides,
  };
}

function clean(overrides: Partial<Extract<ArchiveAnalysis, { ok: true }>> = {}): ArchiveAnalysis {
  return {
    ok: true,
    metadata: metadata(),
    comfyNodes: [
      {
        name: 'HelloNode',
        displayName: 'Hello',
        category: 'examples',
        description: '',
        inputTypes: '{"required":{"text":["STRING"]}}',
        returnTypes: '["STRING"]',
        returnNames: '[]',
        outputIsList: [false],
        function: 'run',
        outputNode: false,
        deprecated: false,
        experimental: false,
        sourceFile: '__init__.py',
      },
    ],
    extract: { status: 'success', reason: '' },
    findings: [],
    requirements: { requirements: [], options: [], problems: [], files: [] },
    readme: null,
    stats: { entries: 2, uncompressedBytes: 500, pythonFiles: 1 },
    directory: [],
    ...overrides,
  };
}

const finding: ScanFinding = {
  issue_type: 'dangerous_call',
  file_path: '__init__.py',
  line_number: 3,
  code_snippet: 'eval(text)',
  message: 'eval() runs arbitrary code',
  scanner: 'static',
};

/** Publishes hello@version and uploads its zip through the API; returns the version id. */
async function uploaded(t: TestApp, token: string, version: string): Promise<string> {
  const res = await t.anon.post('/publishers/acme/nodes/hello/versions', cliPublishBody(token, 'hello', version));
  expect(res.statusCode).toBe(201);
  const put = await t.anon.inject({
    method: 'PUT',
    url: uploadPath(res.json().signedUrl),
    headers: { 'content-type': 'application/zip' },
    payload: Buffer.from(packZip({ name: 'hello', version })),
  });
  expect(put.statusCode).toBe(200);
  return res.json().node_version.id;
}

const misbehaving = new URL('./fixtures/misbehaving-worker.ts', import.meta.url);

function workerFor(t: TestApp, analyze: AnalyzeArchive, now?: () => Date) {
  return new JobWorker(t.ctx.db, t.ctx.dialect, [processArchiveHandler(t.ctx, analyze)], {
    concurrency: 2,
    pollIntervalMs: 1000,
    leaseMs: 60_000,
    retryBaseSeconds: 1,
    ...(now ? { now } : {}),
  });
}

async function versionRow(t: TestApp, id: string) {
  return t.ctx.db.selectFrom('node_versions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function historyOf(t: TestApp, id: string) {
  return t.ctx.db
    .selectFrom('node_version_status_history')
    .select(['from_status', 'to_status', 'to_reason'])
    .where('node_version_id', '=', id)
    .orderBy('created_at')
    .execute();
}

describe('process-archive job', () => {
  it('activates a clean archive: node definitions, pack metadata, latest version, history, change feed', async () => {
    const t = await buildTestApp();
    const { token } = await acmeWithToken(t);
    const id = await uploaded(t, token, '1.0.0');
    const seen: { expected: unknown; limits: unknown }[] = [];
    const changed: string[][] = [];
    t.ctx.events.on('catalogue:changed', (ids) => changed.push(ids));
    const analyze: AnalyzeArchive = async (_path, expected, limits) => {
      seen.push({ expected, limits });
      return clean();
    };
    expect(await workerFor(t, analyze).runOnce()).toBe(1);
    expect(seen).toEqual([
      {
        expected: { name: 'hello', version: '1.0.0' },
        limits: {
          maxArchiveBytes: t.config.publishing.MAX_ARCHIVE_BYTES,
          maxEntries: t.config.publishing.ARCHIVE_MAX_ENTRIES,
          maxUncompressedBytes: t.config.publishing.ARCHIVE_MAX_UNCOMPRESSED_BYTES,
          maxCompressionRatio: t.config.publishing.ARCHIVE_MAX_COMPRESSION_RATIO,
          maxSourceFileBytes: t.config.publishing.ARCHIVE_MAX_SOURCE_FILE_BYTES,
          maxSourceBytes: t.config.publishing.ARCHIVE_MAX_SOURCE_BYTES,
          maxTextBytes: t.config.publishing.ARCHIVE_MAX_TEXT_BYTES,
          allowedIndexHosts: ['download.pytorch.org'],
        },
      },
    ]);
    expect(await versionRow(t, id)).toMatchObject({
      status: 'NodeVersionStatusActive',
      status_reason: 'Passed automated checks',
      comfy_node_extract_status: 'success',
      // Blank in the publish request, so filled from pyproject.toml.
      dependencies: '["numpy"]',
      supported_os: '["POSIX :: Linux"]',
      supported_accelerators: '["GPU :: NVIDIA CUDA"]',
      supported_comfyui_version: '>=0.3.0',
    });
    expect(await historyOf(t, id)).toEqual([
      { from_status: null, to_status: 'NodeVersionStatusPending', to_reason: '' },
      {
        from_status: 'NodeVersionStatusPending',
        to_status: 'NodeVersionStatusActive',
        to_reason: 'Passed automated checks',
      },
    ]);
    const pack = await t.ctx.db.selectFrom('nodes').selectAll().executeTakeFirstOrThrow();
    expect(pack).toMatchObject({
      latest_version_id: id,
      name: 'Hello World',
      description: 'From pyproject',
      license: '{"text": "Apache-2.0"}',
      repository_url: 'https://github.com/acme/hello-world',
      normalized_repository: 'github.com/acme/hello-world',
      supported_os: '["POSIX :: Linux"]',
    });
    const comfyNodes = await t.ctx.db.selectFrom('comfy_nodes').selectAll().execute();
    expect(comfyNodes).toEqual([
      expect.objectContaining({
        node_id: 'hello',
        node_version_id: id,
        source: 'archive',
        name: 'HelloNode',
        display_name: 'Hello',
        category: 'examples',
        input_types: '{"required":{"text":["STRING"]}}',
        return_types: '["STRING"]',
        output_is_list: '[false]',
        function: 'run',
        source_file: '__init__.py',
      }),
    ]);
    const progress = await t.ctx.db.selectFrom('archive_processing').selectAll().executeTakeFirstOrThrow();
    expect(progress).toMatchObject({ stage: 'done', reason: '', attempts: 1 });
    expect(progress.finished_at).toEqual(expect.any(String));
    expect(changed).toEqual([['hello']]);
    const feed = await t.ctx.db.selectFrom('catalogue_changes').select('node_id').execute();
    expect(feed.length).toBeGreaterThanOrEqual(2);
  });

  it('flags an archive with findings, storing them as JSON in status_reason', async () => {
    const t = await buildTestApp();
    const { token } = await acmeWithToken(t);
    const id = await uploaded(t, token, '1.0.0');
    await workerFor(t, async () => clean({ findings: [finding] })).runOnce();
    const version = await versionRow(t, id);
    expect(version.status).toBe('NodeVersionStatusFlagged');
    expect(JSON.parse(version.status_reason)).toEqual([finding]);
    const pack = await t.ctx.db.selectFrom('nodes').selectAll().executeTakeFirstOrThrow();
    // A flagged archive neither becomes the latest version nor speaks for the pack.
    expect(pack).toMatchObject({ latest_version_id: null, name: 'Hello', description: 'Says hello' });
  });

  it('label-grade findings never hold: the version is Active and serves its labels and findings', async () => {
    const t = await buildTestApp();
    const { token } = await acmeWithToken(t);
    const id = await uploaded(t, token, '1.0.0');
    const label: ScanFinding = {
      issue_type: 'runtime_pip_install',
      file_path: 'nodes.py',
      line_number: 12,
      code_snippet: 'subprocess.check_call([sys.executable, "-m", "pip", "install", "rembg"])',
      message: 'installs Python packages with pip while ComfyUI runs',
      scanner: 'python-ast',
      severity: 'medium',
      grade: 'label',
      label: 'installs_packages',
      context: 'runtime',
    };
    await workerFor(t, async () => clean({ findings: [label] })).runOnce();
    expect(await versionRow(t, id)).toMatchObject({
      status: 'NodeVersionStatusActive',
      status_reason: 'Passed automated checks',
    });
    const version = await t.anon.get('/nodes/hello/versions/1.0.0');
    expect(version.json().labels).toEqual(['installs_packages']);
    expect(JSON.parse((await versionRow(t, id)).scan_findings)).toEqual([label]);
  });

  it('does not hold a version again for a finding an admin cleared on an earlier version; new findings hold', async () => {
    const t = await buildTestApp();
    const { token } = await acmeWithToken(t);
    const admin = await t.as(await t.factories.admin());
    const held: ScanFinding = { ...finding, grade: 'hold' };
    // The archives name the repository the publish did: no change of hands in between.
    const same = metadata({ repository: 'https://github.com/acme/hello' });
    const first = await uploaded(t, token, '1.0.0');
    await workerFor(t, async () => clean({ metadata: same, findings: [held] })).runOnce();
    expect((await versionRow(t, first)).status).toBe('NodeVersionStatusFlagged');
    const approve = await admin.post('/admin/versions/review', {
      items: [{ node_id: 'hello', version: '1.0.0' }],
      action: 'approve',
    });
    expect(approve.json().results[0].status).toBe('ok');

    // Same rule, file and code in the next version: installable at once.
    const second = await uploaded(t, token, '1.1.0');
    await workerFor(t, async () => clean({ metadata: same, findings: [{ ...held, line_number: 9 }] })).runOnce();
    expect((await versionRow(t, second)).status).toBe('NodeVersionStatusActive');

    // A new finding holds, and the queue tells which finding is new since the approved version.
    const fresh: ScanFinding = { ...held, file_path: 'extra.py', code_snippet: 'eval(payload)' };
    const third = await uploaded(t, token, '1.2.0');
    await workerFor(t, async () => clean({ metadata: same, findings: [held, fresh] })).runOnce();
    expect((await versionRow(t, third)).status).toBe('NodeVersionStatusFlagged');
    const queue = (await admin.get('/admin/review-queue?nodeId=hello')).json();
    expect(
      queue.versions[0].findings.map((f: ScanFinding & { previously_approved: boolean }) => [
        f.file_path,
        f.previously_approved,
      ]),
    ).toEqual([
      ['__init__.py', true],
      ['extra.py', false],
    ]);
  });

  it('rejects an unusable archive: Deleted with the reason, so it is never installable', async () => {
    const t = await buildTestApp();
    const { token } = await acmeWithToken(t);
    const id = await uploaded(t, token, '1.0.0');
    const reason = 'pyproject.toml is missing at the archive root';
    await workerFor(t, async () => ({ ok: false, reason })).runOnce();
    expect(await versionRow(t, id)).toMatchObject({
      status: 'NodeVersionStatusDeleted',
      status_reason: `Archive rejected: ${reason}`,
      comfy_node_extract_status: 'failed',
      comfy_node_extract_reason: reason,
    });
    const progress = await t.ctx.db.selectFrom('archive_processing').selectAll().executeTakeFirstOrThrow();
    expect(progress).toMatchObject({ stage: 'failed', reason });
  });

  it('keeps a clean version Pending for an admin when REQUIRE_REVIEW is on', async () => {
    const t = await buildTestApp({ REQUIRE_REVIEW: 'true' });
    const { token } = await acmeWithToken(t);
    const id = await uploaded(t, token, '1.0.0');
    await workerFor(t, async () => clean()).runOnce();
    expect(await versionRow(t, id)).toMatchObject({
      status: 'NodeVersionStatusPending',
      status_reason: 'Passed automated checks; waiting for review by an administrator',
      comfy_node_extract_status: 'success',
    });
    const pack = await t.ctx.db.selectFrom('nodes').select('latest_version_id').executeTakeFirstOrThrow();
    expect(pack.latest_version_id).toBeNull();
  });

  it('is idempotent: running the job again changes nothing', async () => {
    const t = await buildTestApp({ REQUIRE_REVIEW: 'true' });
    const { token } = await acmeWithToken(t);
    const id = await uploaded(t, token, '1.0.0');
    let calls = 0;
    const analyze: AnalyzeArchive = async () => {
      calls++;
      return clean();
    };
    await workerFor(t, analyze).runOnce();
    const before = { version: await versionRow(t, id), history: await historyOf(t, id) };
    await t.ctx.db
      .insertInto('jobs')
      .values({
        id: crypto.randomUUID(),
        kind: 'process-archive',
        payload: JSON.stringify({ versionId: id }),
        run_at: new Date().toISOString(),
      })
      .execute();
    expect(await workerFor(t, analyze).runOnce()).toBe(1);
    expect(calls).toBe(1);
    expect({ version: await versionRow(t, id), history: await historyOf(t, id) }).toEqual(before);
    expect(await t.ctx.db.selectFrom('comfy_nodes').select('name').execute()).toEqual([{ name: 'HelloNode' }]);
  });

  it('retries when the analyser fails, and flags the version for review after the last attempt', async () => {
    const t = await buildTestApp({ JOBS_MAX_ATTEMPTS: '2' });
    const { token } = await acmeWithToken(t);
    const id = await uploaded(t, token, '1.0.0');
    const analyze: AnalyzeArchive = async () => {
      throw new Error('analyser crashed');
    };
    await workerFor(t, analyze).runOnce();
    expect(await versionRow(t, id)).toMatchObject({ status: 'NodeVersionStatusPending' });
    const job = await t.ctx.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'queued', attempts: 1, last_error: 'analyser crashed' });
    await workerFor(t, analyze, () => new Date(Date.now() + 60_000)).runOnce();
    const version = await versionRow(t, id);
    expect(version.status).toBe('NodeVersionStatusFlagged');
    expect(JSON.parse(version.status_reason)).toEqual([
      {
        issue_type: 'processing_failed',
        file_path: '',
        line_number: 0,
        code_snippet: '',
        message: 'The archive could not be processed after 2 attempt(s): analyser crashed',
        scanner: 'pipeline',
        grade: 'hold',
      },
    ]);
    expect(await t.ctx.db.selectFrom('archive_processing').selectAll().executeTakeFirstOrThrow()).toMatchObject({
      stage: 'failed',
      reason: 'analyser crashed',
      attempts: 2,
    });
    expect(await t.ctx.db.selectFrom('jobs').select('status').executeTakeFirstOrThrow()).toEqual({ status: 'failed' });
  });

  it('keeps the checked file list of the archive, which the code view lists from', async () => {
    const t = await buildTestApp();
    const { token } = await acmeWithToken(t);
    const versionId = await uploaded(t, token, '1.0.0');
    expect(await workerFor(t, analyzeArchive).runOnce()).toBe(1);
    const { storage_file_id } = await versionRow(t, versionId);
    const stored = await findArchiveDirectory(t.ctx.db, String(storage_file_id));
    const names = Object.keys(unzipSync(packZip({ name: 'hello', version: '1.0.0' }))).filter((n) => !n.endsWith('/'));
    expect(stored?.map((f) => f.name).sort()).toEqual(names.sort());
    const listing = await t.anon.get('/nodes/hello/versions/1.0.0/files');
    expect(listing.statusCode).toBe(200);
    expect(listing.json().files.map((f: { path: string }) => f.path)).toEqual(names.sort());
  });

  it('refuses the many-small-files analysis bomb from its sizes, with the reason, in one attempt', async () => {
    const t = await buildTestApp();
    const { token } = await acmeWithToken(t);
    const res = await t.anon.post('/publishers/acme/nodes/hello/versions', cliPublishBody(token, 'hello', '1.0.0'));
    expect(res.statusCode).toBe(201);
    // 500 Python files just under the 1 MiB ratio floor: about 1 MB zipped, 500 MB to parse.
    const source = Buffer.from('value = 1\n'.repeat(104_857));
    const file = deflated('x.py', source);
    const zip = rawZip([
      deflated('pyproject.toml', '[project]\nname = "hello"\nversion = "1.0.0"\n'),
      ...Array.from({ length: 500 }, (_, i) => ({ ...file, name: `nodes/part_${i}.py` })),
    ]);
    const put = await t.anon.inject({
      method: 'PUT',
      url: uploadPath(res.json().signedUrl),
      headers: { 'content-type': 'application/zip' },
      payload: Buffer.from(zip),
    });
    expect(put.statusCode).toBe(200);
    expect(await workerFor(t, analyzeArchive).runOnce()).toBe(1);
    expect(await versionRow(t, res.json().node_version.id)).toMatchObject({
      status: 'NodeVersionStatusDeleted',
      status_reason: `Archive rejected: the archive's Python files add up to ${500 * source.length} bytes, more than the ${t.config.publishing.ARCHIVE_MAX_SOURCE_BYTES}-byte analysis limit; leave generated or vendored code out of the pack`,
    });
    expect(await t.ctx.db.selectFrom('jobs').select(['status', 'attempts']).executeTakeFirstOrThrow()).toEqual({
      status: 'done',
      attempts: 1,
    });
  });

  it('refuses a version whose analysis times out, at once and without retrying', async () => {
    const t = await buildTestApp({ JOBS_MAX_ATTEMPTS: '5' });
    const { token } = await acmeWithToken(t);
    const id = await uploaded(t, token, '6.6.6');
    // The stand-in analyser thread never answers for version 6.6.6, like a parse that never ends.
    const pool = new AnalyserPool({ size: 1, timeoutMs: 5_000, script: misbehaving });
    try {
      expect(await workerFor(t, pool.analyze).runOnce()).toBe(1);
    } finally {
      await pool.close();
    }
    expect(await versionRow(t, id)).toMatchObject({
      status: 'NodeVersionStatusDeleted',
      status_reason:
        'Archive rejected: archive analysis took longer than 5 s; the archive is too large or too complex to analyse',
    });
    const job = await t.ctx.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    expect(job).toMatchObject({ attempts: 1 });
    expect(job.status).not.toBe('queued');
    // Nothing is left to run later either.
    expect(await workerFor(t, pool.analyze, () => new Date(Date.now() + 3_600_000)).runOnce()).toBe(0);
  });

  it("processes another publisher's small pack before the rest of one publisher's backlog", async () => {
    const t = await buildTestApp();
    const { token } = await acmeWithToken(t);
    for (const version of ['1.0.0', '1.0.1', '1.0.2', '1.0.3']) await uploaded(t, token, version);
    await t.factories.publisher({ id: 'bravo', name: 'Bravo', owner: await t.factories.user() });
    const { secret } = await t.factories.token('bravo');
    const res = await t.anon.post('/publishers/bravo/nodes/tiny/versions', cliPublishBody(secret, 'tiny', '1.0.0'));
    expect(res.statusCode).toBe(201);
    const put = await t.anon.inject({
      method: 'PUT',
      url: uploadPath(res.json().signedUrl),
      headers: { 'content-type': 'application/zip' },
      payload: Buffer.from(packZip({ name: 'tiny', version: '1.0.0' })),
    });
    expect(put.statusCode).toBe(200);
    const order: string[] = [];
    const analyze: AnalyzeArchive = async (_zip, expected) => {
      order.push(`${expected.name}@${expected.version}`);
      return { ok: false, reason: 'not needed here' };
    };
    const worker = new JobWorker(t.ctx.db, t.ctx.dialect, [processArchiveHandler(t.ctx, analyze)], {
      concurrency: 1,
      pollIntervalMs: 1000,
      leaseMs: 60_000,
      retryBaseSeconds: 1,
    });
    await worker.runOnce();
    await worker.runOnce();
    // Bravo's single upload, queued last, is among the first two, ahead of acme's backlog.
    expect(order).toContain('tiny@1.0.0');
    while ((await worker.runOnce()) > 0) {}
    expect(order).toHaveLength(5);
  });

  it('rejects an archive whose stored bytes changed after the upload', async () => {
    const t = await buildTestApp();
    const { token } = await acmeWithToken(t);
    const id = await uploaded(t, token, '1.0.0');
    const { Readable } = await import('node:stream');
    await t.ctx.storage.put('acme/hello/1.0.0/node.zip', Readable.from([Buffer.from('tampered')]), {
      contentType: 'application/zip',
      maxBytes: 1000,
    });
    let called = false;
    await workerFor(t, async () => {
      called = true;
      return clean();
    }).runOnce();
    expect(called).toBe(false);
    expect(await versionRow(t, id)).toMatchObject({
      status: 'NodeVersionStatusDeleted',
      status_reason: 'Archive rejected: the stored archive does not match the uploaded one',
    });
  });

  it('lets only the newest version update the pack', async () => {
    const t = await buildTestApp();
    const { token } = await acmeWithToken(t);
    const newer = await uploaded(t, token, '2.0.0');
    await workerFor(t, async () =>
      clean({ metadata: metadata({ version: '2.0.0', description: 'v2 words' }) }),
    ).runOnce();
    const older = await uploaded(t, token, '1.5.0');
    await workerFor(t, async () =>
      clean({ metadata: metadata({ version: '1.5.0', description: 'old words' }) }),
    ).runOnce();
    expect((await versionRow(t, older)).status).toBe('NodeVersionStatusActive');
    const pack = await t.ctx.db.selectFrom('nodes').selectAll().executeTakeFirstOrThrow();
    expect(pack).toMatchObject({ description: 'v2 words', latest_version_id: newer });
  });
});
