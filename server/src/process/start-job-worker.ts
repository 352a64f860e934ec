import { metricsEnabled } from '../config/operations.js';
import type { AppContext } from '../context.js';
import type { JobHandler } from '../engines/jobs/types.js';
import { JobWorker, type JobWorkerLog } from '../engines/jobs/worker.js';
import { appMetrics } from '../modules/metrics/registry.js';

/**
 * Creates this process's job workers from the configuration and starts them (unless
 * JOBS_WORKER_ENABLED is off): one with JOBS_CONCURRENCY slots for the handlers that share them,
 * and one more for each handler that asks for a worker of its own (`ownWorker`). Jobs queued by
 * this process wake them at once; jobs queued by other instances are found at the next poll.
 * Returns a function that stops them gracefully.
 */
export function startJobWorker(ctx: AppContext, handlers: JobHandler[], log: JobWorkerLog): () => Promise<void> {
  const settings = ctx.config.jobs;
  if (!settings.JOBS_WORKER_ENABLED) return async () => {};
  const lanes = [
    { handlers: handlers.filter((h) => !h.ownWorker), concurrency: settings.JOBS_CONCURRENCY },
    ...handlers.flatMap((h) => (h.ownWorker ? [{ handlers: [h], concurrency: h.ownWorker.concurrency }] : [])),
  ].filter((lane) => lane.handlers.length > 0);
  const workers = lanes.map(
    (lane) =>
      new JobWorker(ctx.db, ctx.dialect, lane.handlers, {
        concurrency: lane.concurrency,
        pollIntervalMs: settings.JOBS_POLL_INTERVAL_MS,
        leaseMs: settings.JOBS_LEASE_SECONDS * 1000,
        retryBaseSeconds: settings.JOBS_RETRY_BASE_SECONDS,
        log,
        ...(metricsEnabled(ctx.config.operations)
          ? { onFinished: (kind: string, outcome, seconds) => appMetrics(ctx).jobFinished(kind, outcome, seconds) }
          : {}),
      }),
  );
  const wake = () => {
    for (const worker of workers) worker.wake();
  };
  ctx.events.on('jobs:queued', wake);
  for (const [i, worker] of workers.entries()) {
    worker.start();
    log.info(
      { worker: worker.workerId, concurrency: lanes[i]?.concurrency, kinds: lanes[i]?.handlers.map((h) => h.kind) },
      'job worker started',
    );
  }
  return async () => {
    ctx.events.off('jobs:queued', wake);
    await Promise.all(workers.map((worker) => worker.stop(settings.JOBS_SHUTDOWN_GRACE_SECONDS * 1000)));
  };
}
