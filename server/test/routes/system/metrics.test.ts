import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { enqueueJob } from '../../../src/engines/jobs/queue.js';
import { recordCatalogueChange } from '../../../src/modules/catalogue/changes.js';
import { buildMetricsApp } from '../../../src/modules/metrics/listener.js';
import { startJobWorker } from '../../../src/process/start-job-worker.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';

const TOKEN = 'metrics-token-0123456789abcdef';
const auth = { authorization: `Bearer ${TOKEN}` };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function scrape(t: TestApp): Promise<string> {
  const res = await t.anon.get('/metrics', auth);
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The value of one series (name with its labels exactly as rendered), or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** A pack with one version that the search index knows. */
async function pack(t: TestApp, id: string) {
  const publisher = await t.factories.publisher();
  await t.factories.node({ id, publisher_id: publisher.id });
  const version = await t.factories.version({ node_id: id, version: '1.0.0' });
  // A pack is listed and found once it has an installable latest version (withheld otherwise).
  await t.ctx.db.updateTable('nodes').set({ latest_version_id: version.id }).where('id', '=', id).execute();
  await t.ctx.search.refresh([id]);
}

describe('GET /metrics access', () => {
  it('is not served on the API port when no token is configured', async () => {
    const t = await buildTestApp();
    const res = await t.anon.get('/metrics');
    expect(res.statusCode).toBe(404);
  });

  it('answers 401 without the token or with a wrong one, and the figures with it', async () => {
    const t = await buildTestApp({ METRICS_TOKEN: TOKEN });
    const none = await t.anon.get('/metrics');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: 'A valid metrics token is required', error: '' });
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    const wrong = await t.anon.get('/metrics', { authorization: `Bearer ${TOKEN}x` });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('registry_');
    const right = await t.anon.get('/metrics', auth);
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    // prom-client's process metrics come along.
    expect(sample(right.body, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(right.body).toContain('nodejs_heap_size_used_bytes');
  });

  it('is served on a listener of its own with METRICS_PORT, and not on the API port', async () => {
    const t = await buildTestApp({ METRICS_PORT: '0' });
    expect((await t.anon.get('/metrics')).statusCode).toBe(404);
    const listener = await buildMetricsApp(t.ctx);
    cleanups.push(() => listener.close());
    await listener.listen({ host: '127.0.0.1', port: 0 });
    const { port } = listener.server.address() as AddressInfo;
    await t.anon.get('/health');
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(
      sample(
        await res.text(),
        'registry_http_request_duration_seconds_count{method="GET",route="/health",status_code="200"}',
      ),
    ).toBe(1);
  });

  it('asks for the token on its own listener too when both are set', async () => {
    const t = await buildTestApp({ METRICS_PORT: '0', METRICS_TOKEN: TOKEN });
    const listener = await buildMetricsApp(t.ctx);
    cleanups.push(() => listener.close());
    await listener.listen({ host: '127.0.0.1', port: 0 });
    const { port } = listener.server.address() as AddressInfo;
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { headers: auth })).status).toBe(200);
  });
});

describe('GET /metrics figures', () => {
  it('counts requests per route pattern and status, never per raw URL', async () => {
    const t = await buildTestApp({ METRICS_TOKEN: TOKEN });
    await pack(t, 'secret-looking-pack');
    for (let i = 0; i < 3; i++) expect((await t.anon.get('/nodes/secret-looking-pack')).statusCode).toBe(200);
    expect((await t.anon.get('/nodes/no-such-pack')).statusCode).toBe(404);
    expect((await t.anon.get('/no/such/route/abc123')).statusCode).toBe(404);
    const text = await scrape(t);
    const series = (route: string, status: number) =>
      `registry_http_request_duration_seconds_count{method="GET",route="${route}",status_code="${status}"}`;
    expect(sample(text, series('/nodes/:nodeId', 200))).toBe(3);
    expect(sample(text, series('/nodes/:nodeId', 404))).toBe(1);
    expect(sample(text, series('unmatched', 404))).toBe(1);
    expect(text).not.toContain('secret-looking-pack');
    expect(text).not.toContain('abc123');
    // Latency buckets are cumulative: every request falls in the +Inf one.
    expect(
      sample(
        text,
        'registry_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/nodes/:nodeId",status_code="200"}',
      ),
    ).toBe(3);
  });

  it('reports catalogue cache hits and misses', async () => {
    const t = await buildTestApp({ METRICS_TOKEN: TOKEN });
    await pack(t, 'cached-pack');
    // The answer is kept from its second request on, so the third and fourth are hits.
    for (let i = 0; i < 4; i++) await t.anon.get('/nodes/cached-pack');
    const text = await scrape(t);
    expect(sample(text, 'registry_catalogue_cache_lookups_total{result="miss"}')).toBe(2);
    expect(sample(text, 'registry_catalogue_cache_lookups_total{result="hit"}')).toBe(2);
    expect(sample(text, 'registry_catalogue_cache_bytes')).toBeGreaterThan(0);
  });

  it('reports the search index size, that it is built, and how far it lags behind the database', async () => {
    const t = await buildTestApp({ METRICS_TOKEN: TOKEN, SEARCH_POLL_MS: '4000' });
    await pack(t, 'indexed-one');
    await pack(t, 'indexed-two');
    await t.ctx.search.revision();
    let text = await scrape(t);
    expect(sample(text, 'registry_search_index_packs')).toBe(2);
    expect(sample(text, 'registry_search_index_built')).toBe(1);
    expect(sample(text, 'registry_search_index_lag_changes')).toBe(0);
    // A write by another instance: in the change feed, not yet read by this one.
    await recordCatalogueChange(t.ctx.db, ['indexed-one']);
    text = await scrape(t);
    expect(sample(text, 'registry_search_index_lag_changes')).toBe(1);
  });

  it('reports the job queue depth by kind and job durations by kind and outcome', async () => {
    const t = await buildTestApp({ METRICS_TOKEN: TOKEN, JOBS_POLL_INTERVAL_MS: '50', JOBS_RETRY_BASE_SECONDS: '0' });
    await enqueueJob(t.ctx.db, { kind: 'sample', payload: { failOnce: true } });
    await enqueueJob(t.ctx.db, { kind: 'sample', payload: {} });
    await enqueueJob(t.ctx.db, { kind: 'other', payload: {} });
    let text = await scrape(t);
    expect(sample(text, 'registry_jobs{kind="sample",status="queued"}')).toBe(2);
    expect(sample(text, 'registry_jobs{kind="other",status="queued"}')).toBe(1);

    // The first job fails once and is tried again at once; the second succeeds.
    const failed = new Set<string>();
    let runs = 0;
    const stop = startJobWorker(
      t.ctx,
      [
        {
          kind: 'sample',
          async run(payload, info) {
            runs += 1;
            if ((payload as { failOnce?: boolean }).failOnce && !failed.has(info.id)) {
              failed.add(info.id);
              throw new Error('first attempt fails');
            }
          },
        },
      ],
      { info() {}, warn() {}, error() {} },
    );
    cleanups.push(stop);
    for (let i = 0; i < 400 && runs < 3; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    await stop();
    text = await scrape(t);
    expect(sample(text, 'registry_job_duration_seconds_count{kind="sample",outcome="done"}')).toBe(2);
    expect(sample(text, 'registry_job_duration_seconds_count{kind="sample",outcome="retry"}')).toBe(1);
    expect(sample(text, 'registry_jobs{kind="sample",status="queued"}')).toBeUndefined();
    expect(sample(text, 'registry_jobs{kind="other",status="queued"}')).toBe(1);
  });

  it('reports the connection pool on PostgreSQL and leaves it out on SQLite', async () => {
    const t = await buildTestApp({ METRICS_TOKEN: TOKEN, DATABASE_POOL_SIZE: '7' });
    const text = await scrape(t);
    if (t.ctx.dialect === 'postgres') {
      expect(sample(text, 'registry_db_pool_max')).toBe(t.ctx.poolUse()?.max);
      expect(text).toContain('registry_db_pool_connections{state="idle"}');
      expect(sample(text, 'registry_db_pool_waiting')).toBe(0);
    } else {
      expect(text).not.toContain('registry_db_pool');
    }
  });
});
