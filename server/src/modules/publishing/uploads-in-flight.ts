import type { AppContext } from '../../context.js';
import { tooManyRequests, withCode } from '../../lib/errors.js';
import { TICKET_HEARTBEAT_MS, touchUploadTicket } from './upload-ticket.js';

/** Running uploads per account, per process (each instance limits its own). */
const running = new WeakMap<AppContext, Map<string, number>>();
/** Callers of `uploadsSettled` waiting for the process's last running upload to settle. */
const settleWaiters = new WeakMap<AppContext, (() => void)[]>();

/**
 * Counts an upload of `account` as running until the returned function is called (exactly once,
 * when the upload settled either way). An account that already has
 * UPLOADS_IN_FLIGHT_PER_ACCOUNT uploads running gets 429, so one account cannot hold the
 * process's files and connections.
 */
export function startUpload(ctx: AppContext, account: string): () => void {
  let counts = running.get(ctx);
  if (!counts) {
    counts = new Map();
    running.set(ctx, counts);
  }
  const now = counts.get(account) ?? 0;
  const limit = ctx.config.publishing.UPLOADS_IN_FLIGHT_PER_ACCOUNT;
  if (now >= limit) {
    throw withCode(
      tooManyRequests(`Too many uploads at once: at most ${limit} may run for one account`, 5),
      'archive.too_many_uploads',
      { limit },
    );
  }
  counts.set(account, now + 1);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const left = (counts.get(account) ?? 1) - 1;
    if (left > 0) counts.set(account, left);
    else counts.delete(account);
    if (counts.size === 0) for (const wake of settleWaiters.get(ctx)?.splice(0) ?? []) wake();
  };
}

/**
 * Resolves once no upload runs in this process any more, each having stored its archive or
 * given its upload URL back. A shutdown waits for this before closing the database: an upload
 * whose connection was just cut still needs the database to hand its URL back.
 */
export function uploadsSettled(ctx: AppContext): Promise<void> {
  if ((running.get(ctx)?.size ?? 0) === 0) return Promise.resolve();
  return new Promise((resolve) => {
    let waiters = settleWaiters.get(ctx);
    if (!waiters) {
      waiters = [];
      settleWaiters.set(ctx, waiters);
    }
    waiters.push(resolve);
  });
}

/** Uploads running in this process for an account (what the limit counts). */
export function uploadsRunning(ctx: AppContext, account: string): number {
  return running.get(ctx)?.get(account) ?? 0;
}

/**
 * Keeps a claimed ticket marked as in use while its upload runs, so neither another instance's
 * sweep nor a re-publish takes it for the leftover of a crash. Returns the function that stops.
 */
export function keepTicketAlive(ctx: AppContext, ticketId: string): () => void {
  const timer = setInterval(() => {
    touchUploadTicket(ctx.db, ticketId, new Date()).catch(() => undefined);
  }, TICKET_HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}
