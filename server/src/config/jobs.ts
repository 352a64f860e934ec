import { Type } from 'typebox';

/** The background job worker every server process runs (archive processing and friends). */
export const jobsSchema = Type.Object({
  JOBS_WORKER_ENABLED: Type.Boolean({
    default: true,
    description: 'Run the job worker in this process. Turn off on instances that should only serve HTTP.',
  }),
  JOBS_CONCURRENCY: Type.Integer({
    default: 2,
    minimum: 1,
    maximum: 64,
    description: 'Jobs one process runs at the same time.',
  }),
  JOBS_POLL_INTERVAL_MS: Type.Integer({
    default: 1000,
    minimum: 50,
    maximum: 600_000,
    description: 'How often an idle worker looks for jobs queued by other instances.',
  }),
  JOBS_LEASE_SECONDS: Type.Integer({
    default: 120,
    minimum: 5,
    maximum: 86_400,
    description: 'How long a claimed job is reserved; a worker that dies is replaced after this long.',
  }),
  JOBS_MAX_ATTEMPTS: Type.Integer({
    default: 5,
    minimum: 1,
    maximum: 100,
    description: 'Attempts before a failing job is given up.',
  }),
  JOBS_RETRY_BASE_SECONDS: Type.Number({
    default: 10,
    minimum: 0,
    maximum: 3600,
    description: 'First retry delay; doubles with each further attempt (capped at one hour).',
  }),
  JOBS_SHUTDOWN_GRACE_SECONDS: Type.Number({
    default: 30,
    minimum: 0,
    maximum: 3600,
    description: 'On shutdown, how long running jobs may finish; longer ones are stopped and queued again.',
  }),
});
