import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import type { JobRow } from './types.js';

/** Longest `last_error` kept; stack traces and long messages are cut. */
const MAX_ERROR_CHARS = 2000;

export interface ClaimOptions {
  workerId: string;
  kinds: string[];
  limit: number;
  now: Date;
  leaseMs: number;
}

/**
 * Claims up to `limit` runnable jobs for one worker: queued jobs that are due, and running jobs
 * whose lease ran out (their worker died). The claim is one UPDATE, so two workers never get
 * the same job: PostgreSQL skips rows another transaction has locked (`FOR UPDATE SKIP LOCKED`)
 * and re-checks the conditions on the rows it locks, SQLite runs the statement under its single
 * write lock. `attempts` counts each claim.
 *
 * Jobs are served in turns across `fair_key`s rather than strictly by `run_at`: a job's turn is
 * its place among its key's due jobs plus the jobs of that key running now (on any instance), and
 * among equal turns the key served longest ago goes first. So a publisher with a hundred uploads
 * waiting does not delay another publisher's single upload by more than one job. Within one key,
 * order stays `run_at`.
 */
export async function claimJobs(db: Kysely<Database>, dialect: DialectName, options: ClaimOptions): Promise<JobRow[]> {
  if (options.kinds.length === 0 || options.limit <= 0) return [];
  const now = options.now.toISOString();
  const lockedUntil = new Date(options.now.getTime() + options.leaseMs).toISOString();
  const kinds = sql.join(options.kinds);
  const runnable = (alias: string) => {
    const t = sql.table(alias);
    return sql`${t}.kind in (${kinds}) and ((${t}.status = 'queued' and ${t}.run_at <= ${now}) or (${t}.status = 'running' and ${t}.locked_until < ${now}))`;
  };
  const lock = dialect === 'postgres' ? sql`for update of j skip locked` : sql``;
  const result = await sql<JobRow>`
    update jobs
    set status = 'running', locked_by = ${options.workerId}, locked_until = ${lockedUntil},
        attempts = attempts + 1, updated_at = ${now}
    where id in (
      select j.id from jobs j
      join (
        select c.id, c.run_at,
          row_number() over (partition by c.fair_key order by c.run_at, c.id)
            + (select count(*) from jobs r
               where r.fair_key = c.fair_key and r.status = 'running' and r.locked_until >= ${now}) as turn,
          (select max(s.updated_at) from jobs s where s.fair_key = c.fair_key and s.status <> 'queued') as served
        from jobs c
        where ${runnable('c')}
      ) ranked on ranked.id = j.id
      where ${runnable('j')}
      order by ranked.turn, case when ranked.served is null then 0 else 1 end, ranked.served, ranked.run_at, ranked.id
      limit ${options.limit}
      ${lock}
    )
    returning *`.execute(db);
  return result.rows;
}

/** Pushes a running job's lease forward; false when this worker no longer holds it. */
export async function extendLease(
  db: Kysely<Database>,
  jobId: string,
  workerId: string,
  lockedUntil: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ locked_until: lockedUntil.toISOString() })
    .where('id', '=', jobId)
    .where('locked_by', '=', workerId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks a job done; false when its lease was lost to another worker meanwhile. */
export async function completeJob(db: Kysely<Database>, jobId: string, workerId: string, now: Date): Promise<boolean> {
  return finish(db, jobId, workerId, { status: 'done', last_error: '', updated_at: now.toISOString() });
}

/** Puts a job back in the queue to run again at `runAt`. */
export async function rescheduleJob(
  db: Kysely<Database>,
  jobId: string,
  workerId: string,
  error: string,
  runAt: Date,
  now: Date,
): Promise<boolean> {
  return finish(db, jobId, workerId, {
    status: 'queued',
    run_at: runAt.toISOString(),
    last_error: error.slice(0, MAX_ERROR_CHARS),
    updated_at: now.toISOString(),
  });
}

/** Gives a job up for good. */
export async function failJob(
  db: Kysely<Database>,
  jobId: string,
  workerId: string,
  error: string,
  now: Date,
): Promise<boolean> {
  return finish(db, jobId, workerId, {
    status: 'failed',
    last_error: error.slice(0, MAX_ERROR_CHARS),
    updated_at: now.toISOString(),
  });
}

/**
 * Puts a job its worker had to abandon (shutdown after the grace period) back in the queue, due
 * now, without counting the interrupted attempt.
 */
export async function releaseJob(db: Kysely<Database>, jobId: string, workerId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({
      status: 'queued',
      run_at: now.toISOString(),
      attempts: sql<number>`attempts - 1`,
      locked_by: null,
      locked_until: null,
      updated_at: now.toISOString(),
    })
    .where('id', '=', jobId)
    .where('locked_by', '=', workerId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

async function finish(
  db: Kysely<Database>,
  jobId: string,
  workerId: string,
  values: { status: 'done' | 'queued' | 'failed'; last_error: string; updated_at: string; run_at?: string },
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ ...values, locked_by: null, locked_until: null })
    .where('id', '=', jobId)
    .where('locked_by', '=', workerId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes jobs that succeeded before `before`, so the table stays small; failed ones stay for operators. */
export async function pruneDoneJobs(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('status', '=', 'done')
    .where('updated_at', '<', before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Counts jobs by status, for health output and benchmarks. */
export async function countJobs(db: Kysely<Database>): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('jobs')
    .select(['status', sql<number>`count(*)`.as('n')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** Jobs waiting or running, by kind and status (the queue depth metrics report). */
export async function countActiveJobs(
  db: Kysely<Database>,
): Promise<{ kind: string; status: 'queued' | 'running'; count: number }[]> {
  const rows = await db
    .selectFrom('jobs')
    .select(['kind', 'status', sql<number>`count(*)`.as('n')])
    .where('status', 'in', ['queued', 'running'])
    .groupBy(['kind', 'status'])
    .execute();
  return rows.map((r) => ({ kind: r.kind, status: r.status as 'queued' | 'running', count: Number(r.n) }));
}
