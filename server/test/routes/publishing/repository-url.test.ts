import { describe, expect, it } from 'vitest';
import { JobWorker } from '../../../src/engines/jobs/worker.js';
import { registryJobHandlers } from '../../../src/job-handlers.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { packZip, pyprojectFor } from '../../helpers/pack-zip.js';
import { acmeWithToken, cliPublishBody, countRows, uploadPath } from './comfy-cli.js';

const BAD_URLS = [
  'javascript:alert(document.cookie)',
  'JavaScript:alert(1)',
  'data:text/html,<script>1</script>',
  'file:///etc/passwd',
  'not a url',
];

function runJobs(t: TestApp) {
  const worker = new JobWorker(t.ctx.db, t.ctx.dialect, registryJobHandlers(t.ctx), {
    concurrency: 1,
    pollIntervalMs: 1000,
    leaseMs: 60_000,
    retryBaseSeconds: 1,
  });
  return worker.runOnce();
}

describe('a repository URL that is not http(s)', () => {
  it.each(BAD_URLS)('is refused with 400 by the comfy-cli publish (%s), which writes nothing', async (url) => {
    const t = await buildTestApp();
    const { token } = await acmeWithToken(t);
    const body = cliPublishBody(token, 'hello', '1.0.0');
    body.node.repository = url;

    const res = await t.anon.post('/publishers/acme/nodes/hello/versions', body);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'repository must be an http or https URL',
      error: expect.any(String),
      code: 'validation.url',
      params: { field: 'repository' },
    });
    expect(await countRows(t, 'nodes')).toBe(0);
  });

  it('is refused with 400 when a pack is created or edited', async () => {
    const t = await buildTestApp();
    const { owner } = await acmeWithToken(t);
    const client = await t.as(owner);
    const create = await client.post('/publishers/acme/nodes', { id: 'hello', name: 'Hello', repository: BAD_URLS[0] });
    expect(create.statusCode).toBe(400);
    expect((await client.post('/publishers/acme/nodes', { id: 'hello', name: 'Hello' })).statusCode).toBe(201);
    const update = await client.put('/publishers/acme/nodes/hello', { repository: BAD_URLS[0] });
    expect(update.statusCode).toBe(400);
    const admin = await t.as(await t.factories.admin());
    expect((await admin.put('/admin/nodes/hello', { repository: BAD_URLS[0] })).statusCode).toBe(400);
    const pack = await t.ctx.db
      .selectFrom('nodes')
      .select('repository_url')
      .where('id', '=', 'hello')
      .executeTakeFirst();
    expect(pack?.repository_url).toBe('');
  });

  it("in the archive's pyproject.toml is ignored at processing: the version goes Active, the pack keeps its URL", async () => {
    const t = await buildTestApp();
    const { token } = await acmeWithToken(t);
    const published = await t.anon.post(
      '/publishers/acme/nodes/hello/versions',
      cliPublishBody(token, 'hello', '1.0.0'),
    );
    expect(published.statusCode).toBe(201);
    const pyproject = pyprojectFor({ name: 'hello', version: '1.0.0' }).replace(
      'Repository = "https://github.com/acme/hello"',
      'Repository = "javascript:alert(document.cookie)"',
    );
    expect(pyproject).toContain('javascript:');
    const zip = Buffer.from(packZip({ name: 'hello', version: '1.0.0', pyproject }));
    const put = await t.anon.inject({
      method: 'PUT',
      url: uploadPath(published.json().signedUrl),
      headers: { 'content-type': 'application/zip', 'content-length': String(zip.length) },
      payload: zip,
    });
    expect(put.statusCode).toBe(200);

    expect(await runJobs(t)).toBe(1);

    const pack = (await t.anon.get('/nodes/hello')).json();
    expect(pack.repository).toBe('https://github.com/acme/hello');
    expect(pack.latest_version.status).toBe('NodeVersionStatusActive');
  });
});

describe('icon and banner links that are not http(s)', () => {
  const LINKS = [
    ['icon', 'javascript:alert(document.cookie)'],
    ['icon', 'data:image/svg+xml,<svg onload=alert(1)>'],
    ['banner_url', 'vbscript:msgbox(1)'],
    ['banner_url', 'JAVASCRIPT:alert(1)'],
  ] as const;

  it.each(LINKS)(
    'are refused with 400 by the comfy-cli publish (%s = %s), which writes nothing',
    async (field, url) => {
      const t = await buildTestApp();
      const { token } = await acmeWithToken(t);
      const body = cliPublishBody(token, 'hello', '1.0.0');
      body.node[field] = url;
      const res = await t.anon.post('/publishers/acme/nodes/hello/versions', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation.url', params: { field } });
      expect(await countRows(t, 'nodes')).toBe(0);
    },
  );

  it("in the archive's [tool.comfy] Icon and Banner are dropped at processing; the version goes Active", async () => {
    const t = await buildTestApp();
    const { token } = await acmeWithToken(t);
    const published = await t.anon.post(
      '/publishers/acme/nodes/hello/versions',
      cliPublishBody(token, 'hello', '1.0.0'),
    );
    expect(published.statusCode).toBe(201);
    const pyproject = pyprojectFor({ name: 'hello', version: '1.0.0' }).replace(
      'Icon = ""',
      'Icon = "javascript:alert(document.cookie)"\nBanner = "data:text/html,<script>alert(1)</script>"',
    );
    const zip = Buffer.from(packZip({ name: 'hello', version: '1.0.0', pyproject }));
    const put = await t.anon.inject({
      method: 'PUT',
      url: uploadPath(published.json().signedUrl),
      headers: { 'content-type': 'application/zip', 'content-length': String(zip.length) },
      payload: zip,
    });
    expect(put.statusCode).toBe(200);
    expect(await runJobs(t)).toBe(1);

    const pack = (await t.anon.get('/nodes/hello')).json();
    expect(pack.latest_version.status).toBe('NodeVersionStatusActive');
    expect(pack.icon ?? '').toBe('');
    expect(pack.banner_url ?? '').toBe('');
    const row = await t.ctx.db
      .selectFrom('nodes')
      .select(['icon_url', 'banner_url'])
      .where('id', '=', 'hello')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ icon_url: '', banner_url: '' });
  });
});
