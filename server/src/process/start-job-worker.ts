import { metricsEnabled } from '../config/operations.js';
import type { AppContext } from '../context.js';
import type { JobHandler } from '../modules/jobs/types.js';
import { JobWorker, type JobWorkerLog } from '../modules/jobs/worker.js';
import { appMetrics } from '../modules/metrics/registry.js';

/**
 * Creates this process's job worker from the configuration and starts it (unless
 * JOBS_WORKER_ENABLED is off). Jobs queued by this process wake it at once; jobs queued by other
 * instances are found at the next poll. Returns a function that stops it gracefully.
 */
export function startJobWorker(ctx: AppContext, handlers: JobHandler[], log: JobWorkerLog): () => Promise<void> {
  const settings = ctx.config.jobs;
  if (!settings.JOBS_WORKER_ENABLED) return async () => {};
  const worker = new JobWorker(ctx.db, ctx.dialect, handlers, {
    concurrency: settings.JOBS_CONCURRENCY,
    pollIntervalMs: settings.JOBS_POLL_INTERVAL_MS,
    leaseMs: settings.JOBS_LEASE_SECONDS * 1000,
    retryBaseSeconds: settings.JOBS_RETRY_BASE_SECONDS,
    log,
    ...(metricsEnabled(ctx.config.operations)
      ? { onFinished: (kind: string, outcome, seconds) => appMetrics(ctx).jobFinished(kind, outcome, seconds) }
      : {}),
  });
  const wake = () => worker.wake();
  ctx.events.on('jobs:queued', wake);
  worker.start();
  log.info({ worker: worker.workerId, concurrency: settings.JOBS_CONCURRENCY }, 'job worker started');
  return async () => {
    ctx.events.off('jobs:queued', wake);
    await worker.stop(settings.JOBS_SHUTDOWN_GRACE_SECONDS * 1000);
  };
}
