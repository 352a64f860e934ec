import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EventBus } from '../../lib/events.js';
import { newId } from '../../lib/ids.js';

declare module '../../lib/events.js' {
  interface RegistryEvents {
    /** A job was queued in this process: its worker can start at once instead of at the next poll. */
    'jobs:queued': [kind: string];
  }
}

export interface EnqueueInput {
  kind: string;
  /** Serialised to JSON; keep it small (ids, not documents). */
  payload: Record<string, unknown>;
  /** Earliest start; default now. */
  runAt?: Date;
  maxAttempts?: number;
  /**
   * Who the job works for (e.g. the publisher): due jobs are claimed in turns across keys, so
   * many jobs for one key cannot hold back a single job for another. Default: one shared key.
   */
  fairKey?: string;
}

/**
 * Queues a job. Call it inside the transaction that creates the job's subject, so the job exists
 * exactly when its subject does; then `announceJobQueued` after commit.
 */
export async function enqueueJob(db: Kysely<Database> | Transaction<Database>, input: EnqueueInput): Promise<string> {
  const id = newId();
  const now = new Date().toISOString();
  await db
    .insertInto('jobs')
    .values({
      id,
      kind: input.kind,
      payload: JSON.stringify(input.payload),
      status: 'queued',
      run_at: (input.runAt ?? new Date()).toISOString(),
      ...(input.maxAttempts === undefined ? {} : { max_attempts: input.maxAttempts }),
      ...(input.fairKey === undefined ? {} : { fair_key: input.fairKey }),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** Wakes this process's worker; other instances find the job at their next poll. */
export function announceJobQueued(events: EventBus, kind: string): void {
  events.emit('jobs:queued', kind);
}
