import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../context.js';
import { releaseStaleTickets, TICKET_STALE_MS } from './upload-ticket.js';

/** What one sweep removed. */
export interface SweepResult {
  /** Files removed: partial blobs, spooled uploads and analysis copies. */
  files: number;
  /** Upload tickets given back. */
  tickets: number;
}

/** The log calls the sweeper makes (pino's shape). */
interface SweepLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Removes what crashed uploads and analyses left behind, in this instance's data folder and in
 * the shared tables. A file counts as left over only when it is older than anything a live
 * process could still be using: a running upload writes at least every
 * UPLOAD_IDLE_TIMEOUT_SECONDS (or is cancelled), and an analysis copy is read for at most
 * ARCHIVE_ANALYSIS_TIMEOUT_SECONDS after it was written. A claimed upload URL whose upload has
 * not marked it for TICKET_STALE_MS belongs to a dead process and is given back, so the
 * publisher can retry it or publish the version again.
 */
export async function sweepLeftovers(ctx: AppContext, now = new Date()): Promise<SweepResult> {
  const settings = ctx.config.publishing;
  const uploadsBefore = new Date(
    now.getTime() - Math.max(3 * settings.UPLOAD_IDLE_TIMEOUT_SECONDS * 1000, TICKET_STALE_MS),
  );
  const analysesBefore = new Date(now.getTime() - 2 * settings.ARCHIVE_ANALYSIS_TIMEOUT_SECONDS * 1000);
  const tmp = path.join(ctx.config.database.DATA_DIR, 'tmp');
  let files = await removeOldFiles(tmp, (name) => name.endsWith('.upload'), uploadsBefore);
  files += await removeOldFiles(tmp, (name) => name.endsWith('.zip'), analysesBefore);
  files += (await ctx.storage.removeLeftovers?.(uploadsBefore)) ?? 0;
  const tickets = await releaseStaleTickets(ctx.db, new Date(now.getTime() - TICKET_STALE_MS));
  return { files, tickets };
}

/**
 * Sweeps at once and then every LEFTOVER_SWEEP_INTERVAL_SECONDS. `first` settles when the
 * sweep at start is done; `stop` ends the schedule.
 */
export function startLeftoverSweeper(ctx: AppContext, log: SweepLog): { first: Promise<void>; stop(): void } {
  const sweep = async () => {
    try {
      const removed = await sweepLeftovers(ctx);
      if (removed.files > 0 || removed.tickets > 0) log.info(removed, 'removed what crashed uploads left behind');
    } catch (error) {
      log.warn({ err: error }, 'sweeping leftovers failed; trying again later');
    }
  };
  const timer = setInterval(() => void sweep(), ctx.config.publishing.LEFTOVER_SWEEP_INTERVAL_SECONDS * 1000);
  timer.unref();
  return { first: sweep(), stop: () => clearInterval(timer) };
}

/** Removes the files directly in `dir` that match and were last written before `before`. */
async function removeOldFiles(dir: string, matches: (name: string) => boolean, before: Date): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names.filter(matches)) {
    if (await removeIfOlder(path.join(dir, name), before)) removed++;
  }
  return removed;
}

/** Removes a file last written before `before`; false when it is newer or already gone. */
async function removeIfOlder(file: string, before: Date): Promise<boolean> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile() || info.mtimeMs >= before.getTime()) return false;
  await rm(file, { force: true });
  return true;
}
