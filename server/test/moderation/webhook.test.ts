import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { registryJobHandlers } from '../../src/job-handlers.js';
import { startJobWorker } from '../../src/process/start-job-worker.js';
import { buildTestApp } from '../helpers/app.js';
import { afterThisTest } from '../helpers/cleanup.js';
import { packZip } from '../helpers/pack-zip.js';
import { publishFlagged, testWorker } from '../routes/admin/story.js';
import { acmeWithToken, cliPublishBody, uploadPath } from '../routes/publishing/comfy-cli.js';

const servers: { close(): void }[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** A chat webhook on 127.0.0.1 that fails its first call and records every body. */
async function flakyWebhook() {
  const bodies: unknown[] = [];
  let calls = 0;
  const server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => {
      data += c;
    });
    req.on('end', () => {
      calls += 1;
      bodies.push(JSON.parse(data));
      res.statusCode = calls === 1 ? 500 : 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, bodies };
}

/** A chat webhook on 127.0.0.1 that takes every call and answers none until released. */
async function stuckWebhook() {
  const held: { end(): void }[] = [];
  let received = 0;
  const server = createServer((req, res) => {
    received += 1;
    req.resume();
    held.push(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({
    close() {
      for (const res of held) res.end();
      server.closeAllConnections();
      server.close();
    },
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received: () => received,
    /** Connections still open: calls waiting for an answer the client has not given up on. */
    connections: () => new Promise<number>((resolve) => server.getConnections((_e, n) => resolve(n))),
  };
}

async function until(what: string, holds: () => Promise<boolean> | boolean): Promise<void> {
  for (let waited = 0; waited < 60_000; waited += 50) {
    if (await holds()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} never happened`);
}

describe('moderation webhook', () => {
  it('announces a flagged version and an admin action; a failed call is retried by the queue', async () => {
    const hook = await flakyWebhook();
    const t = await buildTestApp({ MODERATION_WEBHOOK_URL: hook.url, JOBS_RETRY_BASE_SECONDS: '1' });
    await publishFlagged(t);
    // The listener queues the message after the pipeline commits.
    await new Promise((r) => setTimeout(r, 100));
    const worker = testWorker(t);
    await worker.runOnce();
    expect(hook.bodies).toHaveLength(1);
    const jobs = await t.ctx.db
      .selectFrom('jobs')
      .select(['status', 'attempts'])
      .where('kind', '=', 'notify-webhook')
      .execute();
    expect(jobs).toEqual([{ status: 'queued', attempts: 1 }]);
    await t.ctx.db
      .updateTable('jobs')
      .set({ run_at: new Date(0).toISOString() })
      .where('kind', '=', 'notify-webhook')
      .execute();
    await worker.runOnce();
    const admin = await t.as(await t.factories.admin({ email: 'mod@example.test' }));
    expect((await admin.post('/publishers/acme/nodes/hello/ban', { reason: 'malware' })).statusCode).toBe(204);
    await worker.runOnce();
    expect(hook.bodies).toEqual([
      {
        content: expect.stringContaining('Version flagged for review: hello@1.0.0 (1 finding(s))'),
        allowed_mentions: { parse: [] },
      },
      {
        content: expect.stringContaining('Version flagged for review: hello@1.0.0 (1 finding(s))'),
        allowed_mentions: { parse: [] },
      },
      { content: 'Admin mod@example.test did node.ban on node hello: malware', allowed_mentions: { parse: [] } },
    ]);
    const done = await t.ctx.db.selectFrom('jobs').select('status').where('kind', '=', 'notify-webhook').execute();
    expect(done).toEqual([{ status: 'done' }, { status: 'done' }]);
  });

  it('sends Slack bodies when asked, and queues nothing without a URL', async () => {
    const hook = await flakyWebhook();
    const t = await buildTestApp({ MODERATION_WEBHOOK_URL: hook.url, MODERATION_WEBHOOK_FORMAT: 'slack' });
    const admin = await t.as(await t.factories.admin({ email: 'mod@example.test' }));
    await t.factories.publisher({ id: 'acme' });
    await admin.post('/publishers/acme/ban', {});
    const worker = testWorker(t);
    await worker.runOnce();
    await t.ctx.db
      .updateTable('jobs')
      .set({ run_at: new Date(0).toISOString() })
      .execute();
    await worker.runOnce();
    expect(hook.bodies).toEqual([
      { text: 'Admin mod@example.test did publisher.ban on publisher acme' },
      { text: 'Admin mod@example.test did publisher.ban on publisher acme' },
    ]);
    const quiet = await buildTestApp();
    const admin2 = await quiet.as(await quiet.factories.admin());
    await quiet.factories.publisher({ id: 'acme' });
    await admin2.post('/publishers/acme/ban', {});
    expect(await quiet.ctx.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
  });

  it('pings no one with names a publisher chose, and follows no redirect', async () => {
    const hook = await flakyWebhook();
    const t = await buildTestApp({ MODERATION_WEBHOOK_URL: hook.url });
    const admin = await t.as(await t.factories.admin({ email: 'mod@example.test' }));
    await t.factories.publisher({ id: 'acme' });
    await admin.post('/publishers/acme/ban', { reason: '@everyone <@&1234> look' });
    const worker = testWorker(t);
    await worker.runOnce();
    await t.ctx.db
      .updateTable('jobs')
      .set({ run_at: new Date(0).toISOString() })
      .execute();
    await worker.runOnce();
    expect(hook.bodies.at(-1)).toEqual({
      content: expect.stringContaining('@everyone <@&1234> look'),
      allowed_mentions: { parse: [] },
    });

    const slack = await buildTestApp({ MODERATION_WEBHOOK_URL: hook.url, MODERATION_WEBHOOK_FORMAT: 'slack' });
    const slackAdmin = await slack.as(await slack.factories.admin({ email: 'mod@example.test' }));
    await slack.factories.publisher({ id: 'acme' });
    await slackAdmin.post('/publishers/acme/ban', { reason: '<!channel> & <@U123>' });
    const slackWorker = testWorker(slack);
    await slackWorker.runOnce();
    await slack.ctx.db
      .updateTable('jobs')
      .set({ run_at: new Date(0).toISOString() })
      .execute();
    await slackWorker.runOnce();
    expect(hook.bodies.at(-1)).toEqual({ text: expect.stringContaining('&lt;!channel&gt; &amp; &lt;@U123&gt;') });

    // A hook that redirects elsewhere: the other address hears nothing, the job counts as failed.
    const elsewhere: string[] = [];
    const target = createServer((req, res) => {
      elsewhere.push(req.url ?? '');
      res.end();
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    servers.push(target);
    const redirecting = createServer((_req, res) => {
      res.writeHead(307, { location: `http://127.0.0.1:${(target.address() as AddressInfo).port}/x` });
      res.end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    servers.push(redirecting);
    const r = await buildTestApp({
      MODERATION_WEBHOOK_URL: `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/hook`,
    });
    const rAdmin = await r.as(await r.factories.admin());
    await r.factories.publisher({ id: 'acme' });
    await rAdmin.post('/publishers/acme/ban', {});
    await testWorker(r).runOnce();
    expect(elsewhere).toEqual([]);
    const jobs = await r.ctx.db
      .selectFrom('jobs')
      .select(['status', 'attempts'])
      .where('kind', '=', 'notify-webhook')
      .execute();
    expect(jobs).toEqual([{ status: 'queued', attempts: 1 }]);
  });

  it('a receiver that never answers does not hold up the pipeline: delivery runs in a worker of its own', async () => {
    const hook = await stuckWebhook();
    const t = await buildTestApp({
      MODERATION_WEBHOOK_URL: hook.url,
      // The longest call the setting allows, and one slot for everything else: were the webhook
      // sharing it, the publish below would wait for the call to be cut.
      MODERATION_WEBHOOK_TIMEOUT_MS: '120000',
      JOBS_CONCURRENCY: '1',
      JOBS_WORKER_ENABLED: 'true',
      JOBS_POLL_INTERVAL_MS: '100',
    });
    const silent = { info() {}, warn() {}, error() {} };
    const stop = startJobWorker(t.ctx, registryJobHandlers(t.ctx), silent);
    afterThisTest(stop);
    const admin = await t.as(await t.factories.admin({ email: 'mod@example.test' }));
    const { token } = await acmeWithToken(t);
    await t.factories.publisher({ id: 'other' });
    expect((await admin.post('/publishers/other/ban', {})).statusCode).toBe(204);
    await until('the webhook call', () => hook.received() === 1);

    const published = await t.anon.post(
      '/publishers/acme/nodes/hello/versions',
      cliPublishBody(token, 'hello', '1.0.0'),
    );
    expect(published.statusCode).toBe(201);
    const put = await t.anon.inject({
      method: 'PUT',
      url: uploadPath(published.json().signedUrl),
      headers: { 'content-type': 'application/zip' },
      payload: Buffer.from(packZip({ name: 'hello', version: '1.0.0', files: { 'nodes.py': 'X = 1\n' } })),
    });
    expect(put.statusCode).toBe(200);
    const status = async () => (await t.anon.get('/nodes/hello/versions/1.0.0')).json().status as string;
    await until('the version becoming Active', async () => (await status()) === 'NodeVersionStatusActive');
    // Processed while the webhook call was still waiting for its answer.
    expect(await hook.connections()).toBe(1);
    const webhookJob = await t.ctx.db
      .selectFrom('jobs')
      .select(['status', 'attempts'])
      .where('kind', '=', 'notify-webhook')
      .execute();
    expect(webhookJob).toEqual([{ status: 'running', attempts: 1 }]);
  });

  it('cuts a call after MODERATION_WEBHOOK_TIMEOUT_MS and queues it again', async () => {
    const hook = await stuckWebhook();
    const t = await buildTestApp({ MODERATION_WEBHOOK_URL: hook.url, MODERATION_WEBHOOK_TIMEOUT_MS: '200' });
    const admin = await t.as(await t.factories.admin({ email: 'mod@example.test' }));
    await t.factories.publisher({ id: 'other' });
    expect((await admin.post('/publishers/other/ban', {})).statusCode).toBe(204);
    await testWorker(t).runOnce();
    expect(hook.received()).toBe(1);
    const jobs = await t.ctx.db
      .selectFrom('jobs')
      .select(['status', 'attempts', 'last_error'])
      .where('kind', '=', 'notify-webhook')
      .execute();
    expect(jobs).toEqual([{ status: 'queued', attempts: 1, last_error: expect.stringMatching(/timeout|aborted/i) }]);
  });
});
