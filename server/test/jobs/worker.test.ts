import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database.js';
import { announceJobQueued, enqueueJob } from '../../src/engines/jobs/queue.js';
import { type JobHandler, type JobInfo, PermanentJobError } from '../../src/engines/jobs/types.js';
import { JobWorker, type JobWorkerOptions } from '../../src/engines/jobs/worker.js';
import { EventBus } from '../../src/lib/events.js';
import { createTestDatabase } from '../helpers/database.js';

const open: DatabaseHandle[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.destroy()));
});

async function database(): Promise<DatabaseHandle> {
  const handle = await createTestDatabase();
  open.push(handle);
  return handle;
}

const LEASE_MS = 30_000;

function worker(handle: DatabaseHandle, handlers: JobHandler[], options: Partial<JobWorkerOptions> = {}): JobWorker {
  return new JobWorker(handle.db, handle.dialect, handlers, {
    concurrency: 4,
    pollIntervalMs: 5_000,
    leaseMs: LEASE_MS,
    retryBaseSeconds: 10,
    ...options,
  });
}

/** A handler that records what it ran and does whatever `behaviour` says. */
function recorder(kind: string, behaviour: (payload: unknown, job: JobInfo) => Promise<void> = async () => {}) {
  const runs: { payload: unknown; attempt: number }[] = [];
  const givenUp: { payload: unknown; error: string; attempt: number }[] = [];
  const handler: JobHandler = {
    kind,
    async run(payload, job) {
      runs.push({ payload, attempt: job.attempt });
      await behaviour(payload, job);
    },
    async onGiveUp(payload, error, job) {
      givenUp.push({ payload, error, attempt: job.attempt });
    },
  };
  return { handler, runs, givenUp };
}

async function jobRow(handle: DatabaseHandle, id: string) {
  return handle.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

const later = (ms: number) => () => new Date(Date.now() + ms);

describe('job worker', () => {
  it('runs a queued job once with its payload and marks it done', async () => {
    const db = await database();
    const { handler, runs } = recorder('greet');
    const id = await enqueueJob(db.db, { kind: 'greet', payload: { name: 'Ada' } });
    const w = worker(db, [handler]);
    expect(await w.runOnce()).toBe(1);
    expect(await w.runOnce()).toBe(0);
    expect(runs).toEqual([{ payload: { name: 'Ada' }, attempt: 1 }]);
    expect(await jobRow(db, id)).toMatchObject({
      status: 'done',
      attempts: 1,
      locked_by: null,
      locked_until: null,
      last_error: '',
    });
  });

  it('leaves jobs of kinds it has no handler for, and jobs that are not due yet', async () => {
    const db = await database();
    const { handler, runs } = recorder('mine');
    const other = await enqueueJob(db.db, { kind: 'someone-else', payload: {} });
    const future = await enqueueJob(db.db, { kind: 'mine', payload: {}, runAt: new Date(Date.now() + 60_000) });
    expect(await worker(db, [handler]).runOnce()).toBe(0);
    expect(runs).toEqual([]);
    expect((await jobRow(db, other)).status).toBe('queued');
    expect(await worker(db, [handler], { now: later(61_000) }).runOnce()).toBe(1);
    expect((await jobRow(db, future)).status).toBe('done');
  });

  it('retries a failing job with growing delays, then succeeds', async () => {
    const db = await database();
    let failuresLeft = 2;
    const { handler, runs } = recorder('flaky', async () => {
      if (failuresLeft-- > 0) throw new Error('storage unreachable');
    });
    const id = await enqueueJob(db.db, { kind: 'flaky', payload: {}, maxAttempts: 5 });
    await worker(db, [handler]).runOnce();
    const first = await jobRow(db, id);
    expect(first).toMatchObject({ status: 'queued', attempts: 1, last_error: 'storage unreachable', locked_by: null });
    const firstDelay = Date.parse(first.run_at) - Date.now();
    // 10 s base, ±20 % jitter.
    expect(firstDelay).toBeGreaterThan(7_000);
    expect(firstDelay).toBeLessThan(12_500);
    expect(await worker(db, [handler]).runOnce()).toBe(0);

    await worker(db, [handler], { now: later(13_000) }).runOnce();
    const second = await jobRow(db, id);
    expect(second).toMatchObject({ status: 'queued', attempts: 2 });
    const secondDelay = Date.parse(second.run_at) - (Date.now() + 13_000);
    expect(secondDelay).toBeGreaterThan(15_000);
    expect(secondDelay).toBeLessThan(25_000);

    await worker(db, [handler], { now: later(60_000) }).runOnce();
    expect(await jobRow(db, id)).toMatchObject({ status: 'done', attempts: 3, last_error: '' });
    expect(runs.map((r) => r.attempt)).toEqual([1, 2, 3]);
  });

  it('gives up after max_attempts and calls the give-up hook once', async () => {
    const db = await database();
    const { handler, givenUp } = recorder('doomed', async () => {
      throw new Error('always broken');
    });
    const id = await enqueueJob(db.db, { kind: 'doomed', payload: { versionId: 'v1' }, maxAttempts: 2 });
    await worker(db, [handler]).runOnce();
    await worker(db, [handler], { now: later(3_600_000) }).runOnce();
    expect(await jobRow(db, id)).toMatchObject({ status: 'failed', attempts: 2, last_error: 'always broken' });
    expect(givenUp).toEqual([{ payload: { versionId: 'v1' }, error: 'always broken', attempt: 2 }]);
    expect(await worker(db, [handler], { now: later(7_200_000) }).runOnce()).toBe(0);
  });

  it('fails at once on a PermanentJobError', async () => {
    const db = await database();
    const { handler, runs, givenUp } = recorder('strict', async () => {
      throw new PermanentJobError('bad payload');
    });
    const id = await enqueueJob(db.db, { kind: 'strict', payload: {}, maxAttempts: 5 });
    await worker(db, [handler]).runOnce();
    expect(await jobRow(db, id)).toMatchObject({ status: 'failed', attempts: 1, last_error: 'bad payload' });
    expect(runs).toHaveLength(1);
    expect(givenUp).toHaveLength(1);
  });

  it('survives a worker dying mid-job: once the lease expires another worker runs it to completion', async () => {
    const db = await database();
    let release: () => void = () => {};
    let started: () => void = () => {};
    const startedOnA = new Promise<void>((resolve) => {
      started = resolve;
    });
    const hang = new Promise<void>((resolve) => {
      release = resolve;
    });
    const completedBy: string[] = [];
    const handlerFor = (name: string, block: boolean): JobHandler => ({
      kind: 'process',
      async run() {
        if (block) {
          started();
          await hang;
        }
        completedBy.push(name);
      },
    });
    const id = await enqueueJob(db.db, { kind: 'process', payload: {} });
    // Worker A claims the job and then "dies": its run never finishes while B takes over.
    const a = worker(db, [handlerFor('A', true)], { workerId: 'worker-a' });
    const aRun = a.runOnce();
    await startedOnA;
    expect(await jobRow(db, id)).toMatchObject({ status: 'running', locked_by: 'worker-a', attempts: 1 });

    // Before the lease runs out nobody else may take it.
    expect(await worker(db, [handlerFor('B', false)], { workerId: 'worker-b' }).runOnce()).toBe(0);

    // After it (the server was restarted, say), worker B picks it up again and finishes it.
    const b = worker(db, [handlerFor('B', false)], { workerId: 'worker-b', now: later(LEASE_MS + 1_000) });
    expect(await b.runOnce()).toBe(1);
    expect(await jobRow(db, id)).toMatchObject({ status: 'done', attempts: 2, locked_by: null });

    // A wakes up late: its result must not overwrite B's outcome.
    release();
    await aRun;
    expect(completedBy).toEqual(['B', 'A']);
    expect(await jobRow(db, id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('does not run a job again whose worker died during its last attempt', async () => {
    const db = await database();
    const { handler, runs, givenUp } = recorder('last');
    const id = await enqueueJob(db.db, { kind: 'last', payload: { n: 1 }, maxAttempts: 1 });
    await db.db
      .updateTable('jobs')
      .set({
        status: 'running',
        attempts: 1,
        locked_by: 'dead',
        locked_until: new Date(Date.now() - 1000).toISOString(),
      })
      .where('id', '=', id)
      .execute();
    await worker(db, [handler]).runOnce();
    expect(runs).toEqual([]);
    expect(givenUp).toEqual([{ payload: { n: 1 }, error: 'the worker stopped during the last attempt', attempt: 2 }]);
    expect(await jobRow(db, id)).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('hands each job to exactly one of several workers claiming at the same time', async () => {
    const db = await database();
    const seen: string[] = [];
    const handler: JobHandler = {
      kind: 'count',
      async run(payload) {
        seen.push((payload as { n: string }).n);
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
    };
    for (let n = 0; n < 30; n++) await enqueueJob(db.db, { kind: 'count', payload: { n: String(n) } });
    const workers = Array.from({ length: 4 }, (_, i) => worker(db, [handler], { workerId: `w${i}`, concurrency: 5 }));
    let total = 0;
    for (let round = 0; round < 3; round++) {
      const counts = await Promise.all(workers.map((w) => w.runOnce()));
      total += counts.reduce((a, b) => a + b, 0);
    }
    expect(total).toBe(30);
    expect(seen.sort()).toEqual(Array.from({ length: 30 }, (_, n) => String(n)).sort());
    const statuses = await db.db.selectFrom('jobs').select('status').distinct().execute();
    expect(statuses).toEqual([{ status: 'done' }]);
  });

  it("takes turns between fair keys, so one key's backlog does not hold back another key's job", async () => {
    const db = await database();
    const order: string[] = [];
    const handler: JobHandler = {
      kind: 'analyse',
      async run(payload) {
        order.push((payload as { name: string }).name);
      },
    };
    const base = Date.now() - 60_000;
    for (let n = 1; n <= 5; n++) {
      await enqueueJob(db.db, {
        kind: 'analyse',
        payload: { name: `A${n}` },
        fairKey: 'publisher:a',
        runAt: new Date(base + n * 1000),
      });
    }
    // Publisher B queues one job after all of A's.
    await enqueueJob(db.db, {
      kind: 'analyse',
      payload: { name: 'B1' },
      fairKey: 'publisher:b',
      runAt: new Date(base + 10_000),
    });
    const w = worker(db, [handler], { concurrency: 1 });
    while ((await w.runOnce()) > 0) {}
    expect(order).toEqual(['A1', 'B1', 'A2', 'A3', 'A4', 'A5']);
  });

  it("counts a key's jobs running on other workers when choosing the next job", async () => {
    const db = await database();
    const base = Date.now() - 60_000;
    for (let n = 1; n <= 3; n++) {
      await enqueueJob(db.db, {
        kind: 'analyse',
        payload: { name: `A${n}` },
        fairKey: 'publisher:a',
        runAt: new Date(base + n),
      });
    }
    await enqueueJob(db.db, {
      kind: 'analyse',
      payload: { name: 'B1' },
      fairKey: 'publisher:b',
      runAt: new Date(base + 100),
    });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const started: string[] = [];
    const handler: JobHandler = {
      kind: 'analyse',
      async run(payload) {
        started.push((payload as { name: string }).name);
        if (started.length === 1) await held;
      },
    };
    // The first worker (another instance) is busy with A1; the second must pick B1, not A2.
    const first = worker(db, [handler], { workerId: 'one', concurrency: 1 }).runOnce();
    while (started.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await worker(db, [handler], { workerId: 'two', concurrency: 1 }).runOnce();
    release();
    await first;
    expect(started).toEqual(['A1', 'B1']);
  });

  it('runs in the background and starts at once when a job is announced', async () => {
    const db = await database();
    const events = new EventBus();
    let done: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      done = resolve;
    });
    const handler: JobHandler = { kind: 'quick', run: async () => done() };
    // Asleep for an hour: only the wake-up can run the job before the test's own timeout.
    const w = worker(db, [handler], { pollIntervalMs: 3_600_000 });
    events.on('jobs:queued', () => w.wake());
    w.start();
    // Let the first (empty) poll pass, so the worker is asleep.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await enqueueJob(db.db, { kind: 'quick', payload: {} });
    announceJobQueued(events, 'quick');
    await finished;
    await w.stop();
  });
});
