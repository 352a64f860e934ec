import type { AppContext } from '../../context.js';
import { analyseMirroredHandler } from '../mirror/analyse-job.js';
import { upstreamSyncHandler } from '../mirror/sync-job.js';
import { notifyWebhookHandler } from '../notifications/webhook.js';
import { AnalyserPool } from '../pipeline/analyser-pool.js';
import { processArchiveHandler } from '../pipeline/process-archive.js';
import type { JobHandler } from './types.js';
import type { JobWorkerLog } from './worker.js';

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
