import type { AppContext } from './context.js';
import type { JobHandler } from './engines/jobs/types.js';
import type { JobWorkerLog } from './engines/jobs/worker.js';
import { analyseMirroredHandler } from './modules/mirror/analyse-job.js';
import { upstreamSyncHandler } from './modules/mirror/sync-job.js';
import { notifyWebhookHandler } from './modules/notifications/webhook.js';
import { AnalyserPool } from './modules/pipeline/analyser-pool.js';
import { processArchiveHandler } from './modules/pipeline/process-archive.js';

/**
 * Every kind of background job this registry runs, each with its handler. A module with work
 * to do in the background adds its handler here.
 */
export function registryJobHandlers(ctx: AppContext, log?: JobWorkerLog): JobHandler[] {
  // The analyser runs in worker threads, one per concurrent job, off the HTTP event loop.
  const analysers = new AnalyserPool({
    size: ctx.config.jobs.JOBS_CONCURRENCY,
    timeoutMs: ctx.config.publishing.ARCHIVE_ANALYSIS_TIMEOUT_SECONDS * 1000,
    maxMemoryMb: ctx.config.publishing.ARCHIVE_ANALYSIS_MAX_MEMORY_MB,
  });
  return [
    { ...processArchiveHandler(ctx, analysers.analyze, log), close: () => analysers.close() },
    notifyWebhookHandler(ctx),
    upstreamSyncHandler(ctx, log ?? { info() {}, warn() {} }),
    analyseMirroredHandler(ctx, analysers.analyze),
  ];
}
