import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { announceJobQueued } from '../../engines/jobs/queue.js';
import type { Viewer } from '../auth/viewer.js';
import { catalogueWrite } from '../catalogue/unit-of-work.js';
import { enqueueNotification, NOTIFY_WEBHOOK_JOB } from '../notifications/webhook.js';
import { type AuditEntry, audit } from './writer.js';

/** What one admin action did, as its transaction reports it. */
export interface ActionOutcome<T> {
  result: T;
  /** The single audit entry of the action (the actor is filled in). */
  audit: Omit<AuditEntry, 'actor'>;
  /** Packs whose catalogue entry changed (search and caches follow). */
  nodeIds?: string[];
}

/**
 * Runs one admin action as a catalogue write (`catalogueWrite`) plus its audit: the change,
 * exactly one audit entry, the change feed and the webhook message all commit together or not at
 * all. After commit this instance's search index, caches and job worker are told at once.
 */
export async function adminAction<T>(
  ctx: AppContext,
  viewer: Viewer,
  work: (trx: Transaction<Database>) => Promise<ActionOutcome<T>>,
): Promise<T> {
  return catalogueWrite(ctx, async ({ trx, touch, afterCommit }) => {
    const outcome = await work(trx);
    const entry = { ...outcome.audit, actor: viewer.id };
    await audit(trx, entry);
    touch(...(outcome.nodeIds ?? []));
    if ((await enqueueNotification(trx, ctx.config, describeAction(viewer, entry))) !== null) {
      afterCommit(() => announceJobQueued(ctx.events, NOTIFY_WEBHOOK_JOB));
    }
    return outcome.result;
  });
}

/** One line for the moderators' chat: who did what to which thing, and why. */
export function describeAction(viewer: Viewer, entry: AuditEntry): string {
  const why = entry.reason ? `: ${entry.reason}` : '';
  return `Admin ${viewer.email} did ${entry.action} on ${entry.targetType} ${entry.targetId}${why}`;
}
