import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/values.js';
import { announceJobQueued, enqueueJob } from '../../engines/jobs/queue.js';
import { type JobHandler, PermanentJobError } from '../../engines/jobs/types.js';
import { readSyncState, type SyncStateRow, updateSyncState, writeSyncState } from './repository.js';
import { runUpstreamSync, type SyncLog, type SyncRunOptions, UpstreamListingRefused } from './sync.js';
import { UpstreamClient, UpstreamRefusedError, upstreamOptions } from './upstream-client.js';

/** Job kind that runs (or resumes) the upstream sync. */
export const UPSTREAM_SYNC_JOB = 'upstream-sync';

/**
 * Asks for a sync: queues the job unless one is queued or running already (then that one is the
 * answer). `full` re-reads every pack's versions instead of only those whose listing entry changed.
 */
export async function requestUpstreamSync(
  ctx: AppContext,
  full: boolean,
): Promise<{ queued: boolean; state: SyncStateRow | undefined }> {
  const queued = await ctx.db.transaction().execute(async (trx) => {
    const state = await readSyncState(trx);
    if (state && (state.status === 'queued' || state.status === 'running')) return false;
    await writeSyncState(trx, {
      status: 'queued',
      full,
      next_page: 1,
      total_pages: 0,
      counts: '{}',
      last_error: '',
      started_at: null,
      finished_at: null,
      updated_at: nowIso(),
    });
    await enqueueJob(trx, { kind: UPSTREAM_SYNC_JOB, payload: {}, maxAttempts: ctx.config.jobs.JOBS_MAX_ATTEMPTS });
    return true;
  });
  if (queued) announceJobQueued(ctx.events, UPSTREAM_SYNC_JOB);
  return { queued, state: await readSyncState(ctx.db) };
}

/**
 * Cancels the queued or running sync: its row is marked failed with `reason`, and a running sync
 * stops before its next page (the pages it finished stay written). False when none was queued or
 * running.
 */
/** The reason a sync cancelled from the admin screen or API records. */
export const CANCELLED_BY_ADMIN = 'cancelled by an administrator';

export async function cancelUpstreamSync(ctx: AppContext, reason: string): Promise<boolean> {
  const result = await ctx.db
    .updateTable('upstream_sync')
    .set({ status: 'failed', last_error: reason.slice(0, 2000), finished_at: nowIso(), updated_at: nowIso() })
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The `upstream-sync` job. A failure (upstream down, a malformed page) is recorded in the progress
 * row and retried by the queue with backoff, resuming at the page it stopped at; a page refused
 * for its size, its entry count, its page count or its host fails the job at once; when the worker
 * stops, the sync stops at the next page boundary and its job goes back to the queue.
 */
export function upstreamSyncHandler(
  ctx: AppContext,
  log: SyncLog,
  onProgress?: SyncRunOptions['onProgress'],
): JobHandler {
  const stopping = new AbortController();
  return {
    kind: UPSTREAM_SYNC_JOB,
    async run() {
      const options = upstreamOptions(ctx.config);
      if (!options) throw new PermanentJobError('UPSTREAM_URL is not set');
      try {
        await runUpstreamSync(ctx, new UpstreamClient(options), {
          log,
          signal: stopping.signal,
          ...(onProgress ? { onProgress } : {}),
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await updateSyncState(ctx.db, { last_error: message.slice(0, 2000), updated_at: nowIso() });
        // A page over the size or count limits, or on another host, is refused the same way on
        // every attempt: the job fails at once instead of fetching it again with backoff.
        if (error instanceof UpstreamRefusedError || error instanceof UpstreamListingRefused) {
          throw new PermanentJobError(message);
        }
        throw error;
      }
      if (stopping.signal.aborted) throw new Error('upstream sync stopped by shutdown; it resumes on the next run');
    },
    async onGiveUp(_payload, error) {
      await updateSyncState(ctx.db, {
        status: 'failed',
        last_error: error.slice(0, 2000),
        finished_at: nowIso(),
        updated_at: nowIso(),
      });
    },
    async close() {
      stopping.abort();
    },
  };
}

/**
 * Queues an incremental sync at start and then every UPSTREAM_SYNC_INTERVAL seconds (when an
 * upstream is set and the interval is not 0). Returns a function that stops the schedule.
 */
export function startUpstreamSchedule(ctx: AppContext, log: SyncLog & { error(obj: object, msg: string): void }) {
  const seconds = ctx.config.upstream.UPSTREAM_SYNC_INTERVAL;
  if (!ctx.config.upstream.UPSTREAM_URL || seconds === 0) return { stop() {} };
  const tick = () => {
    requestUpstreamSync(ctx, false)
      .then(({ queued }) => {
        if (queued) log.info({ upstream: ctx.config.upstream.UPSTREAM_URL }, 'upstream sync queued');
      })
      .catch((error: unknown) => log.error({ err: error }, 'could not queue the upstream sync'));
  };
  tick();
  const timer = setInterval(tick, seconds * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
