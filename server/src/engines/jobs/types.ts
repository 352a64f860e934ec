import type { Selectable } from 'kysely';
import type { JobsTable } from '../../db/schema.js';

/** A job row as the worker sees it after claiming it. */
export type JobRow = Selectable<JobsTable>;

/** What a handler learns about the job it runs. */
export interface JobInfo {
  id: string;
  kind: string;
  /** 1 on the first run; counts runs whose worker died too. */
  attempt: number;
  maxAttempts: number;
}

/**
 * Code that runs one kind of job. Handlers must be idempotent: a job whose worker died is run
 * again, possibly after part of its work was done.
 */
export interface JobHandler {
  kind: string;
  /** Does the work; a thrown error schedules a retry (or gives up after the last attempt). */
  run(payload: unknown, job: JobInfo): Promise<void>;
  /** Called once when the job is given up, so the handler can leave its subject in a clear state. */
  onGiveUp?(payload: unknown, error: string, job: JobInfo): Promise<void>;
  /** Releases what the handler holds (threads, connections) when its worker stops. */
  close?(): Promise<void>;
  /**
   * Run by a worker of its own with this many slots, for jobs that wait on outside services (a
   * chat webhook): however slow those are, they never take a slot the other kinds need.
   */
  ownWorker?: { concurrency: number };
}

/** Thrown by a handler when retrying cannot help (bad payload, subject gone): the job fails at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}
