import { describe, expect, it } from 'vitest';
import { JobWorker } from '../../../src/engines/jobs/worker.js';
import { registryJobHandlers } from '../../../src/job-handlers.js';
import { buildTestApp, type TestApp, type TestClient } from '../../helpers/app.js';
import { packZip, pyprojectFor } from '../../helpers/pack-zip.js';
import { acmeWithToken, cliPublishBody, countRows } from './comfy-cli.js';

function upload(client: TestClient, nodeId: string, zip: Uint8Array, query = '', contentType = 'application/zip') {
  return client.inject({
    method: 'POST',
    url: `/publishers/acme/nodes/${nodeId}/versions/upload${query}`,
    headers: { 'content-type': contentType },
    payload: Buffer.from(zip),
  });
}

async function runJobs(t: TestApp) {
  const worker = new JobWorker(t.ctx.db, t.ctx.dialect, registryJobHandlers(t.ctx), {
    concurrency: 1,
    pollIntervalMs: 1000,
    leaseMs: 60_000,
    retryBaseSeconds: 1,
  });
  return worker.runOnce();
}

const queuedProcessing = (versionId: string, version: string) => ({
  node_version_id: versionId,
  version,
  status: 'NodeVersionStatusPending',
  status_reason: '',
  stage: 'queued',
  error: '',
  comfy_node_extract_status: 'pending',
  comfy_nodes: 0,
  attempts: 0,
  queued_at: expect.any(String),
});

describe('POST /publishers/{publisherId}/nodes/{nodeId}/versions/upload (the web app)', () => {
  it('creates the pack and version from the archive, then the pipeline activates it', async () => {
    const t = await buildTestApp();
    const { owner } = await acmeWithToken(t);
    const client = await t.as(owner);
    const res = await upload(client, 'hello', packZip({ name: 'hello', version: 'v1.2' }), '?changelog=First%20one');
    expect(res.statusCode).toBe(201);
    const versionId = res.json().node_version.id;
    expect(res.json()).toEqual({
      node_version: {
        id: expect.any(String),
        node_id: 'hello',
        version: '1.2.0',
        createdAt: expect.any(String),
        changelog: 'First one',
        dependencies: [],
        downloadUrl: '',
        deprecated: false,
        status: 'NodeVersionStatusPending',
        status_reason: '',
        comfy_node_extract_status: 'pending',
        supported_os: [],
        supported_accelerators: [],
        supported_comfyui_version: '',
        supported_comfyui_frontend_version: '',
        tags: [],
        tags_admin: [],
        downloads: 0,
        install_command: 'comfy node install hello@1.2.0',
      },
      processing: queuedProcessing(versionId, '1.2.0'),
    });
    const history = await t.ctx.db.selectFrom('node_version_status_history').select('actor_user_id').execute();
    expect(history).toEqual([{ actor_user_id: owner.id }]);

    expect(await runJobs(t)).toBe(1);
    const status = await client.get(`/publishers/acme/nodes/hello/versions/${versionId}/processing`);
    expect(status.json()).toEqual({
      ...queuedProcessing(versionId, '1.2.0'),
      status: 'NodeVersionStatusActive',
      status_reason: 'Passed automated checks',
      stage: 'done',
      comfy_node_extract_status: 'success',
      comfy_nodes: 1,
      attempts: 1,
      started_at: expect.any(String),
      finished_at: expect.any(String),
    });
    const pack = await t.ctx.db.selectFrom('nodes').selectAll().executeTakeFirstOrThrow();
    expect(pack).toMatchObject({
      id: 'hello',
      publisher_id: 'acme',
      name: 'hello display',
      description: 'A test pack',
      repository_url: 'https://github.com/acme/hello',
      latest_version_id: versionId,
    });
  });

  it('lets members publish too, but not outsiders, anonymous callers or banned accounts', async () => {
    const t = await buildTestApp();
    await acmeWithToken(t);
    const member = await t.factories.user();
    await t.ctx.db
      .insertInto('publisher_members')
      .values({ publisher_id: 'acme', user_id: member.id, role: 'member' })
      .execute();
    const outsider = await t.factories.user();
    const banned = await t.factories.user({ status: 'BANNED' });
    const zip = packZip({ name: 'hello', version: '1.0.0' });
    expect((await upload(await t.as(member), 'hello', zip)).statusCode).toBe(201);
    const denied = await upload(await t.as(outsider), 'hello', packZip({ name: 'hello', version: '1.0.1' }));
    expect({ status: denied.statusCode, body: denied.json() }).toEqual({
      status: 403,
      body: { message: 'Permission denied', error: '', code: 'access.denied', params: { publisherId: 'acme' } },
    });
    const anon = await upload(t.anon, 'hello', zip);
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ message: 'missing auth token', error: expect.any(String) });
    expect((await upload(await t.as(banned), 'hello', zip)).statusCode).toBe(403);
    expect(await countRows(t, 'node_versions')).toBe(1);
  });

  it('refuses archives that cannot say which version they are, and mismatched or duplicate ones', async () => {
    const t = await buildTestApp();
    const { owner, token } = await acmeWithToken(t);
    const client = await t.as(owner);
    const cases: [string, Uint8Array, Record<string, unknown>][] = [
      [
        'hello',
        packZip({ name: 'hello', version: '1.0.0', pyproject: null }),
        {
          message: 'The archive cannot be published',
          error: 'pyproject.toml is missing at the archive root',
          code: 'archive.pyproject_missing',
          params: {},
        },
      ],
      [
        'hello',
        packZip({ name: 'hello', version: '1.0.0', pyproject: '[project]\nversion = "1.0.0"\n' }),
        {
          message: 'The archive cannot be published',
          error: 'pyproject.toml has no [project] name',
          code: 'archive.pyproject_field_missing',
          params: { field: 'project.name' },
        },
      ],
      [
        'hello',
        packZip({ name: 'hello', version: '1.0.0', pyproject: '[project]\nname = "hello"\n' }),
        {
          message: 'The archive cannot be published',
          error: 'pyproject.toml has no [project] version',
          code: 'archive.pyproject_field_missing',
          params: { field: 'project.version' },
        },
      ],
      [
        'hello',
        packZip({ name: 'hello', version: '1.0.0', pyproject: '[project\nname = ' }),
        {
          message: 'The archive cannot be published',
          error: expect.stringMatching(
            /^pyproject.toml is not valid TOML: .* \(line 1, column 9\)$/,
          ) as unknown as string,
          // The code the pipeline gives the same reason, with where the TOML breaks.
          code: 'archive.pyproject_syntax',
          params: { detail: expect.any(String), line: 1, column: 9 },
        },
      ],
      [
        'hello',
        packZip({
          name: 'hello',
          version: '1.0.0',
          pyproject: '[project]\nname = "hello"\ndynamic = ["version"]\n[tool.comfy.version]\npath = "ver.py"\n',
        }),
        {
          message: 'The archive cannot be published',
          error: 'pyproject.toml declares a dynamic version whose file is not in the archive',
          code: 'archive.version_file_missing',
          params: { path: 'ver.py' },
        },
      ],
      [
        'hello',
        new TextEncoder().encode('not a zip at all'),
        {
          message: 'The archive cannot be published',
          error: expect.stringMatching(/^the archive is not a readable zip file: /) as unknown as string,
          code: 'archive.unreadable',
          params: {},
        },
      ],
      [
        'hello',
        packZip({ name: 'other', version: '1.0.0' }),
        {
          message: 'The archive is for another node',
          error: 'pyproject.toml names "other", but it is being published as "hello"',
          // The code and its values let the web app say this in the reader's language.
          code: 'archive.other_node',
          params: { declared: 'other', nodeId: 'hello' },
        },
      ],
      [
        'hello',
        packZip({ name: 'hello', version: 'one', pyproject: pyprojectFor({ name: 'hello', version: 'one' }) }),
        {
          message: 'Failed to create node version',
          error: '"one" is not a valid semantic version',
          code: 'archive.bad_version',
          params: { version: 'one' },
        },
      ],
    ];
    for (const [nodeId, zip, answer] of cases) {
      const res = await upload(client, nodeId, zip);
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: answer });
    }
    // A version that already has an archive (published with comfy-cli) cannot be uploaded again.
    const published = await t.anon.post(
      '/publishers/acme/nodes/hello/versions',
      cliPublishBody(token, 'hello', '2.0.0'),
    );
    await t.anon.inject({
      method: 'PUT',
      url: new URL(published.json().signedUrl).pathname,
      headers: { 'content-type': 'application/zip' },
      payload: Buffer.from(packZip({ name: 'hello', version: '2.0.0' })),
    });
    const before = await t.ctx.storage.get('acme/hello/2.0.0/node.zip');
    const duplicate = await upload(
      client,
      'hello',
      packZip({ name: 'hello', version: '2.0.0', description: 'other bytes' }),
    );
    expect({ status: duplicate.statusCode, body: duplicate.json() }).toEqual({
      status: 400,
      body: {
        message: 'The node version already exists',
        error: '',
        code: 'version.exists',
        params: { version: '2.0.0' },
      },
    });
    // The stored archive of the existing version is untouched.
    const after = await t.ctx.storage.get('acme/hello/2.0.0/node.zip');
    expect(after?.sizeBytes).toBe(before?.sizeBytes);
    expect(await countRows(t, 'node_versions')).toBe(1);
    expect(await countRows(t, 'storage_files')).toBe(1);
  });

  it('refuses a wrong content type with 415 and an oversized archive with 413', async () => {
    const t = await buildTestApp({ MAX_ARCHIVE_BYTES: '4096' });
    const { owner } = await acmeWithToken(t);
    const client = await t.as(owner);
    const wrongType = await upload(
      client,
      'hello',
      packZip({ name: 'hello', version: '1.0.0' }),
      '',
      'multipart/form-data',
    );
    expect({ status: wrongType.statusCode, body: wrongType.json() }).toEqual({
      status: 415,
      body: {
        message: 'Content-Type must be application/zip',
        error: 'got "multipart/form-data"',
        code: 'archive.content_type',
        params: { got: 'multipart/form-data' },
      },
    });
    const big = packZip({
      name: 'hello',
      version: '1.0.0',
      files: { 'big.bin': crypto.getRandomValues(new Uint8Array(8000)) },
    });
    const tooBig = await upload(client, 'hello', big);
    expect({ status: tooBig.statusCode, body: tooBig.json() }).toEqual({
      status: 413,
      body: {
        message: 'The archive is too large',
        error: `${big.length} bytes declared; the limit is 4096 bytes`,
        code: 'archive.too_large',
        params: { limit: 4096 },
      },
    });
    expect(await countRows(t, 'node_versions')).toBe(0);
  });
});

describe('GET /publishers/{publisherId}/nodes/{nodeId}/versions/{versionId}/processing', () => {
  it('shows awaiting_upload before the archive arrives, and is only for the publisher', async () => {
    const t = await buildTestApp();
    const { owner, token } = await acmeWithToken(t);
    const published = await t.anon.post(
      '/publishers/acme/nodes/hello/versions',
      cliPublishBody(token, 'hello', '1.0.0'),
    );
    const versionId = published.json().node_version.id;
    const url = `/publishers/acme/nodes/hello/versions/${versionId}/processing`;
    const mine = await (await t.as(owner)).get(url);
    expect(mine.json()).toEqual({
      node_version_id: versionId,
      version: '1.0.0',
      status: 'NodeVersionStatusPending',
      status_reason: '',
      stage: 'awaiting_upload',
      error: '',
      comfy_node_extract_status: 'pending',
      comfy_nodes: 0,
      attempts: 0,
    });
    const outsider = await (await t.as(await t.factories.user())).get(url);
    expect({ status: outsider.statusCode, body: outsider.json() }).toEqual({
      status: 403,
      body: { message: 'Permission denied', error: '', code: 'access.denied', params: { publisherId: 'acme' } },
    });
    const admin = await (await t.as(await t.factories.admin())).get(url);
    expect(admin.statusCode).toBe(200);
    expect((await t.anon.get(url)).statusCode).toBe(401);
    const unknown = await (await t.as(owner)).get(
      '/publishers/acme/nodes/hello/versions/00000000-0000-4000-8000-000000000000/processing',
    );
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({
      status: 404,
      body: { message: 'Node version not found', error: '' },
    });
    const badId = await (await t.as(owner)).get('/publishers/acme/nodes/hello/versions/not-a-uuid/processing');
    expect(badId.statusCode).toBe(400);
  });
});
