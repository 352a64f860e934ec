import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/app.js';
import { publishFlagged, testWorker } from '../routes/admin/story.js';

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
});
