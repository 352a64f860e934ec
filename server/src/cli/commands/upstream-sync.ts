import { parseArgs } from 'node:util';
import { JobWorker } from '../../engines/jobs/worker.js';
import { type UpstreamStatusJson, upstreamStatus } from '../../modules/mirror/status.js';
import type { SyncCounts } from '../../modules/mirror/sync.js';
import { cancelUpstreamSync, requestUpstreamSync, upstreamSyncHandler } from '../../modules/mirror/sync-job.js';
import { type CliCommand, UsageError } from '../command.js';
import { openForCommand } from '../open.js';

const BAR_WIDTH = 30;

/**
 * `registry upstream-sync`: syncs from UPSTREAM_URL now, in this process, with a progress bar on
 * standard error. It goes through the job queue, so it never runs beside a server's own sync: if
 * a server's worker holds the sync, the command says so and leaves it alone.
 */
export const upstreamSyncCommand: CliCommand = {
  name: 'upstream-sync',
  summary:
    'Sync the mirrored catalogue from UPSTREAM_URL now (--full re-reads every pack; --cancel stops the queued or running sync).',
  usage: 'registry upstream-sync [--full | --cancel]',
  async run(args, env) {
    const { config, io } = env;
    const { full, cancel } = parseFlags(args);
    if (!config.upstream.UPSTREAM_URL) {
      io.err('No upstream configured: set UPSTREAM_URL (e.g. https://api.comfy.org) and run again.\n');
      return 1;
    }
    // Cancelling is one short write meant for a live instance's running sync.
    const { ctx, database } = await openForCommand(config, env, { liveInstance: cancel ? 'allowed' : 'refused' });
    try {
      if (cancel) {
        // A server's worker running the sync sees the row change and stops before its next page.
        const cancelled = await cancelUpstreamSync(ctx, 'cancelled from the command line');
        io.err(cancelled ? 'Sync cancelled.\n' : 'No sync was queued or running.\n');
        io.out(formatStatus(await upstreamStatus(ctx)));
        return 0;
      }
      await requestUpstreamSync(ctx, full);
      const log = {
        info() {},
        warn: (obj: object, msg: string) => io.err(`\n${msg} ${JSON.stringify(obj)}\n`),
        error: (obj: object, msg: string) => io.err(`\n${msg} ${JSON.stringify(obj)}\n`),
      };
      const handler = upstreamSyncHandler(ctx, log, ({ page, totalPages, counts }) =>
        io.err(`\r${progressLine(page, totalPages, counts)}`),
      );
      const worker = new JobWorker(ctx.db, ctx.dialect, [handler], {
        concurrency: 1,
        pollIntervalMs: 1000,
        leaseMs: config.jobs.JOBS_LEASE_SECONDS * 1000,
        retryBaseSeconds: config.jobs.JOBS_RETRY_BASE_SECONDS,
        log,
      });
      const started = performance.now();
      const ran = await worker.runOnce();
      // The sync itself, without starting this process and opening the database (which on a
      // busy machine can take longer than an incremental sync).
      io.err(`\nsync took: ${Math.round(performance.now() - started)} ms\n`);
      // maxRSS is in KiB: the peak memory of this process over the whole sync.
      io.err(`peak memory: ${Math.round(process.resourceUsage().maxRSS / 1024)} MiB\n`);
      const status = await upstreamStatus(ctx);
      if (ran === 0 && status.sync?.status !== 'done') {
        io.err('A server is running this sync now; follow it in the admin screens (Upstream).\n');
      }
      io.out(formatStatus(status));
      return status.sync?.status === 'done' ? 0 : 1;
    } finally {
      await database.destroy();
    }
  },
};

/** `[#####.....] page 3/60, 250 written, 2 refused` */
export function progressLine(page: number, totalPages: number, counts: SyncCounts): string {
  const share = totalPages > 0 ? Math.min(1, page / totalPages) : 1;
  const filled = Math.round(share * BAR_WIDTH);
  return `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] page ${page}/${totalPages}, ${counts.packsWritten} written, ${counts.packsUnchanged} unchanged, ${counts.refused} refused`;
}

function formatStatus(status: UpstreamStatusJson): string {
  const sync = status.sync;
  if (!sync) return `upstream ${status.upstream}: no sync yet\n`;
  const counts = Object.entries(sync.counts)
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
  const error = sync.lastError ? ` error="${sync.lastError}"` : '';
  return `upstream ${status.upstream}: ${sync.status} pages=${sync.page}/${sync.totalPages} ${counts}${error}\n`;
}

function parseFlags(args: string[]): { full: boolean; cancel: boolean } {
  try {
    const { values } = parseArgs({
      args,
      options: { full: { type: 'boolean' }, cancel: { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    });
    if (values.full && values.cancel) throw new Error('--full and --cancel cannot be combined');
    return { full: values.full === true, cancel: values.cancel === true };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
