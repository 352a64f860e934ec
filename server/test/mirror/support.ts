import { JobWorker } from '../../src/engines/jobs/worker.js';
import { requestUpstreamSync, upstreamSyncHandler } from '../../src/modules/mirror/sync-job.js';
import { freePort } from '../clients/support.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';

/** A second registry on a real port: the upstream a mirror reads over HTTP. */
export interface Upstream {
  t: TestApp;
  url: string;
  /** Every request path the upstream received, in order. */
  requests: string[];
}

/** Starts a real registry (own database, own blob folder) listening on a free loopback port. */
export async function startUpstream(env: Record<string, string> = {}): Promise<Upstream> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t = await buildTestApp({ PUBLIC_API_URL: url, ...env });
  const requests: string[] = [];
  t.app.server.on('request', (request: { url?: string }) => requests.push(request.url ?? ''));
  await t.app.listen({ host: '127.0.0.1', port });
  return { t, url, requests };
}

/** A registry mirroring `upstream`, with quick retries so "upstream down" answers fast. */
export function buildMirror(upstream: Upstream | string, env: Record<string, string> = {}): Promise<TestApp> {
  return buildTestApp({
    UPSTREAM_URL: typeof upstream === 'string' ? upstream : upstream.url,
    UPSTREAM_SYNC_INTERVAL: '0',
    UPSTREAM_RETRY_BASE_MS: '10',
    UPSTREAM_MAX_RETRIES: '1',
    UPSTREAM_TIMEOUT_MS: '5000',
    UPSTREAM_REQUESTS_PER_SECOND: '1000',
    ...env,
  });
}

/** What the sync logged as refused, for assertions on per-item refusals. */
export interface CapturedLog {
  warnings: { obj: object; msg: string }[];
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export function captureLog(): CapturedLog {
  const warnings: { obj: object; msg: string }[] = [];
  return { warnings, info() {}, warn: (obj, msg) => warnings.push({ obj, msg }) };
}

/** Queues a sync and runs the queue's `upstream-sync` job to the end, as a server's worker would. */
export async function syncNow(mirror: TestApp, options: { full?: boolean; log?: CapturedLog } = {}): Promise<void> {
  await requestUpstreamSync(mirror.ctx, options.full ?? false);
  await runSyncJobs(mirror, options.log);
}

/** Runs whatever `upstream-sync` job is due. */
export async function runSyncJobs(mirror: TestApp, log: CapturedLog = captureLog()): Promise<void> {
  const worker = new JobWorker(mirror.ctx.db, mirror.ctx.dialect, [upstreamSyncHandler(mirror.ctx, log)], {
    concurrency: 1,
    pollIntervalMs: 1000,
    leaseMs: 60_000,
    retryBaseSeconds: 0,
  });
  while ((await worker.runOnce()) > 0) {}
}
