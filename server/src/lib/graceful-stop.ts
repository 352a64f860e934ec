import type { FastifyInstance } from 'fastify';

/** Longest wait for cut-off requests to clean up; the leftover sweep catches anything later. */
const DRAIN_LIMIT_MS = 5000;

/** What a process shuts down, in order. */
export interface GracefulStop {
  /** HTTP apps: stop accepting at once, let requests in flight finish. */
  listeners: FastifyInstance[];
  /** How long requests in flight may take; connections still open then are closed. */
  graceMs: number;
  /** Background work that stops at the same time (the job worker keeps its own grace period). */
  background: (() => Promise<void>)[];
  /** Work that may still need the database once the listeners closed (uploads handing back their URL). */
  drain: (() => Promise<void>)[];
  /** Runs last, once nothing can use the database any more. */
  closeDatabase: () => Promise<void>;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/**
 * Stops the process's work without losing any of it: listeners stop accepting (Fastify answers
 * 503 to requests that still arrive on open connections), requests already being answered finish,
 * the job worker finishes or hands back its jobs, then the database closes. Past `graceMs` the
 * remaining connections are cut: an upload cut that way stores nothing (the blob store removes
 * partial writes) and its client can send it again to another instance.
 */
export async function stopGracefully(plan: GracefulStop): Promise<void> {
  const began = Date.now();
  const cut = setTimeout(() => {
    plan.log.warn({ graceMs: plan.graceMs }, 'requests still open after the grace period; closing their connections');
    for (const app of plan.listeners) app.server.closeAllConnections();
  }, plan.graceMs);
  cut.unref();
  const results = await Promise.allSettled([
    ...plan.listeners.map((app) => app.close()),
    ...plan.background.map((stop) => stop()),
  ]);
  clearTimeout(cut);
  // Closed connections end their requests' streams; what those requests still do in the
  // background (remove a partial file, give an upload URL back) finishes before the database closes.
  let drainTimer: NodeJS.Timeout | undefined;
  const drained = await Promise.race([
    Promise.allSettled(plan.drain.map((wait) => wait())).then(() => true),
    new Promise<boolean>((resolve) => {
      drainTimer = setTimeout(resolve, DRAIN_LIMIT_MS, false);
    }),
  ]);
  clearTimeout(drainTimer);
  if (!drained)
    plan.log.warn({ limitMs: DRAIN_LIMIT_MS }, 'requests were still cleaning up; closing the database anyway');
  for (const result of results) {
    if (result.status === 'rejected') plan.log.warn({ err: result.reason }, 'a part did not stop cleanly');
  }
  await plan.closeDatabase();
  plan.log.info({ ms: Date.now() - began }, 'stopped');
}
