import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { retryDelayMs } from './backoff.js';
import {
  claimJobs,
  completeJob,
  extendLease,
  failJob,
  pruneDoneJobs,
  releaseJob,
  rescheduleJob,
} from './repository.js';
import { type JobHandler, type JobInfo, type JobRow, PermanentJobError } from './types.js';

export interface JobWorkerOptions {
  /** Jobs run at the same time. */
  concurrency: number;
  pollIntervalMs: number;
  leaseMs: number;
  retryBaseSeconds: number;
  /** Identifies this worker in `locked_by`; unique per process by default. */
  workerId?: string;
  /** The clock; tests move it forward to let leases expire. */
  now?: () => Date;
  /** Receives what the worker wants an operator to know. */
  log?: JobWorkerLog;
  /** Told how long each run took and how it ended (metrics). */
  onFinished?: (kind: string, outcome: JobRunOutcome, seconds: number) => void;
}

/** How one run of a job ended: finished, to be tried again, given up, or put back by a shutdown. */
export type JobRunOutcome = 'done' | 'retry' | 'failed' | 'interrupted';

/** The few log calls the worker makes (pino's shape). */
export interface JobWorkerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const silent: JobWorkerLog = { info() {}, warn() {}, error() {} };
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const KEEP_DONE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Runs queued jobs from the `jobs` table. Every server process runs one; they share the queue
 * safely through leases (see `claimJobs`). `start()` polls in the background; tests call
 * `runOnce()` to run whatever is due and wait for it.
 */
export class JobWorker {
  readonly workerId: string;
  readonly #handlers: Map<string, JobHandler>;
  readonly #options: Required<Omit<JobWorkerOptions, 'workerId'>>;
  readonly #active = new Set<Promise<void>>();
  #running = false;
  #loop: Promise<void> | null = null;
  #wakeUp: (() => void) | null = null;
  /** A wake-up that came while the worker was busy; the next sleep is skipped. */
  #wakePending = false;
  #lastPrune = 0;
  /** The grace period of `stop` passed: running jobs are being abandoned. */
  #interrupted = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    handlers: JobHandler[],
    options: JobWorkerOptions,
  ) {
    this.#handlers = new Map(handlers.map((h) => [h.kind, h]));
    this.workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.#options = { now: () => new Date(), log: silent, onFinished: () => {}, ...options };
  }

  /** Starts polling in the background. */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#loop = this.#poll();
  }

  /**
   * Stops claiming new jobs and waits for the running ones to finish, for at most `graceMs`.
   * Past it the handlers are closed (the analyser threads are terminated), and the jobs they
   * abandon go back to the queue uncounted, for the next worker to run.
   */
  async stop(graceMs = Number.POSITIVE_INFINITY): Promise<void> {
    this.#running = false;
    this.wake();
    await this.#loop;
    const settled = Promise.allSettled([...this.#active]);
    let timer: NodeJS.Timeout | undefined;
    const late = await Promise.race([
      settled.then(() => false),
      ...(Number.isFinite(graceMs)
        ? [new Promise<boolean>((resolve) => (timer = setTimeout(resolve, graceMs, true)))]
        : []),
    ]);
    clearTimeout(timer);
    if (late) {
      this.#interrupted = true;
      this.#options.log.warn(
        { jobs: this.#active.size, graceMs },
        'job worker: stopping without waiting for running jobs',
      );
    }
    await Promise.allSettled([...this.#handlers.values()].map((h) => h.close?.()));
    await settled;
  }

  /** Makes an idle worker look for jobs now instead of at the next poll. */
  wake(): void {
    if (this.#wakeUp) this.#wakeUp();
    else this.#wakePending = true;
  }

  /** Claims every due job (up to the concurrency limit), runs them, and resolves when they are done. */
  async runOnce(): Promise<number> {
    const claimed = await this.#claim(this.#options.concurrency);
    await Promise.all(claimed.map((job) => this.#run(job)));
    return claimed.length;
  }

  async #poll(): Promise<void> {
    while (this.#running) {
      const free = this.#options.concurrency - this.#active.size;
      let claimed: JobRow[] = [];
      if (free > 0) {
        try {
          claimed = await this.#claim(free);
          await this.#pruneNowAndThen();
        } catch (error) {
          this.#options.log.error({ err: error }, 'job worker: claiming failed');
        }
      }
      for (const job of claimed) {
        const running = this.#run(job)
          .catch((error: unknown) => this.#options.log.error({ err: error, job: job.id }, 'job worker: run failed'))
          .finally(() => {
            this.#active.delete(running);
            this.wake();
          });
        this.#active.add(running);
      }
      // A full batch suggests more work is waiting: look again at once.
      if (claimed.length > 0 && claimed.length === free) continue;
      await this.#sleep(this.#options.pollIntervalMs);
    }
  }

  #sleep(ms: number): Promise<void> {
    if (this.#wakePending || !this.#running) {
      this.#wakePending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(), ms);
      const done = () => {
        clearTimeout(timer);
        this.#wakeUp = null;
        resolve();
      };
      this.#wakeUp = done;
    });
  }

  #claim(limit: number): Promise<JobRow[]> {
    return claimJobs(this.db, this.dialect, {
      workerId: this.workerId,
      kinds: [...this.#handlers.keys()],
      limit,
      now: this.#options.now(),
      leaseMs: this.#options.leaseMs,
    });
  }

  async #run(job: JobRow): Promise<void> {
    const handler = this.#handlers.get(job.kind);
    const info: JobInfo = { id: job.id, kind: job.kind, attempt: job.attempts, maxAttempts: job.max_attempts };
    const log = this.#options.log;
    let payload: unknown;
    try {
      payload = JSON.parse(job.payload);
    } catch {
      payload = null;
    }
    // A job whose worker died during its last allowed attempt is not run again.
    if (!handler || job.attempts > job.max_attempts) {
      const reason = handler ? 'the worker stopped during the last attempt' : `no handler for ${job.kind}`;
      await this.#giveUp(handler, job, payload, reason, info);
      return;
    }
    const began = performance.now();
    const finished = (outcome: JobRunOutcome) =>
      this.#options.onFinished(job.kind, outcome, (performance.now() - began) / 1000);
    const heartbeat = setInterval(
      () => {
        const until = new Date(this.#options.now().getTime() + this.#options.leaseMs);
        extendLease(this.db, job.id, this.workerId, until).catch((error: unknown) =>
          log.warn({ err: error, job: job.id }, 'job worker: lease extension failed'),
        );
      },
      Math.max(1000, Math.floor(this.#options.leaseMs / 3)),
    );
    try {
      await handler.run(payload, info);
      clearInterval(heartbeat);
      const held = await completeJob(this.db, job.id, this.workerId, this.#options.now());
      if (!held) log.warn({ job: job.id, kind: job.kind }, 'job finished after its lease passed to another worker');
      finished('done');
    } catch (error) {
      clearInterval(heartbeat);
      if (this.#interrupted) {
        finished('interrupted');
        await releaseJob(this.db, job.id, this.workerId, this.#options.now()).catch((e: unknown) =>
          log.error({ err: e, job: job.id }, 'job worker: could not put an interrupted job back'),
        );
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof PermanentJobError;
      if (permanent || job.attempts >= job.max_attempts) {
        log.error({ err: error, job: job.id, kind: job.kind, attempt: job.attempts }, 'job failed; giving up');
        finished('failed');
        await this.#giveUp(handler, job, payload, message, info);
        return;
      }
      const now = this.#options.now();
      const runAt = new Date(now.getTime() + retryDelayMs(job.attempts, this.#options.retryBaseSeconds));
      log.warn({ err: error, job: job.id, kind: job.kind, attempt: job.attempts, runAt }, 'job failed; will retry');
      finished('retry');
      await rescheduleJob(this.db, job.id, this.workerId, message, runAt, now).catch((e: unknown) =>
        log.error({ err: e, job: job.id }, 'job worker: could not reschedule'),
      );
    }
  }

  async #giveUp(
    handler: JobHandler | undefined,
    job: JobRow,
    payload: unknown,
    reason: string,
    info: JobInfo,
  ): Promise<void> {
    try {
      await handler?.onGiveUp?.(payload, reason, info);
    } catch (error) {
      this.#options.log.error({ err: error, job: job.id }, 'job worker: give-up hook failed');
    }
    await failJob(this.db, job.id, this.workerId, reason, this.#options.now()).catch((e: unknown) =>
      this.#options.log.error({ err: e, job: job.id }, 'job worker: could not mark the job failed'),
    );
  }

  async #pruneNowAndThen(): Promise<void> {
    const now = this.#options.now().getTime();
    if (now - this.#lastPrune < PRUNE_EVERY_MS) return;
    this.#lastPrune = now;
    await pruneDoneJobs(this.db, new Date(now - KEEP_DONE_MS));
  }
}
