import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database.js';
import { enqueueJob } from '../../src/engines/jobs/queue.js';
import type { JobHandler } from '../../src/engines/jobs/types.js';
import { JobWorker } from '../../src/engines/jobs/worker.js';
import { AnalyserPool } from '../../src/modules/pipeline/analyser-pool.js';
import { testLimits } from '../archive/helpers/pack.js';
import { createTestDatabase } from '../helpers/database.js';

const open: DatabaseHandle[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.destroy()));
});

/** An analyser thread script whose `hang` input never finishes (as a pathological archive would). */
const misbehaving = new URL('../pipeline/fixtures/misbehaving-worker.ts', import.meta.url);

describe('job worker shutdown', () => {
  it('does not wait past its grace period for a running analysis: the thread is stopped and the job queued again, uncounted', async () => {
    const handle = await createTestDatabase();
    open.push(handle);
    // The analysis would run for ten minutes before its own timeout.
    const pool = new AnalyserPool({ size: 1, timeoutMs: 600_000, script: misbehaving });
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const handler: JobHandler = {
      kind: 'analyse',
      async run() {
        started();
        await pool.analyze('hang', { name: 'hello', version: '1.0.0' }, testLimits);
      },
      close: () => pool.close(),
    };
    const id = await enqueueJob(handle.db, { kind: 'analyse', payload: {}, maxAttempts: 1 });
    const worker = new JobWorker(handle.db, handle.dialect, [handler], {
      concurrency: 1,
      pollIntervalMs: 50,
      leaseMs: 60_000,
      retryBaseSeconds: 10,
    });
    worker.start();
    await running;

    await worker.stop(200);

    const job = await handle.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    // Queued again with its one attempt still to come, not failed for good.
    expect(job).toMatchObject({ status: 'queued', attempts: 0, locked_by: null });
    expect(new Date(job.run_at).getTime()).toBeLessThanOrEqual(Date.now());
  });
});
