import type { Kysely, Transaction } from 'kysely';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import type { Config } from '../../config/index.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { enqueueJob } from '../../engines/jobs/queue.js';
import { type JobHandler, PermanentJobError } from '../../engines/jobs/types.js';

/** Job kind that delivers one moderation message to the configured webhook. */
export const NOTIFY_WEBHOOK_JOB = 'notify-webhook';

const NotifyPayload = Type.Object({ text: Type.String({ minLength: 1 }) });

/** Discord refuses messages over 2000 characters; Slack's limit is higher, so one cap serves both. */
const MAX_MESSAGE_CHARS = 1900;

/**
 * Queues a moderation message when a webhook is configured (otherwise does nothing and returns
 * null). Call it inside the action's transaction: the message exists exactly when the action
 * happened, and delivery (with retries) happens later in the job queue, so a slow or broken
 * webhook never holds up or fails the action. Wake the worker with `announceJobQueued` after commit.
 */
export async function enqueueNotification(
  db: Kysely<Database> | Transaction<Database>,
  config: Config,
  text: string,
): Promise<string | null> {
  const settings = config.moderation;
  if (!settings.MODERATION_WEBHOOK_URL) return null;
  const capped = text.length > MAX_MESSAGE_CHARS ? `${text.slice(0, MAX_MESSAGE_CHARS - 1)}…` : text;
  return enqueueJob(db, {
    kind: NOTIFY_WEBHOOK_JOB,
    payload: { text: capped },
    maxAttempts: settings.MODERATION_WEBHOOK_MAX_ATTEMPTS,
  });
}

/**
 * The JSON body the configured chat service expects. The text carries names publishers chose
 * (file names, pack ids, reasons): it must not ping anyone. Discord is told to resolve no
 * mention at all; Slack's control sequences (`<!channel>`, `<@U123>`) are escaped as its
 * documentation asks.
 */
export function webhookBody(format: Config['moderation']['MODERATION_WEBHOOK_FORMAT'], text: string): object {
  if (format === 'slack') {
    return { text: text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') };
  }
  return { content: text, allowed_mentions: { parse: [] } };
}

/**
 * The `notify-webhook` job: POSTs the message, in a job worker of its own (see `ownWorker`), each
 * call cut after MODERATION_WEBHOOK_TIMEOUT_MS. Any network error or non-2xx answer throws, so
 * the queue retries with backoff; the URL is read at run time, so a job queued before the
 * setting was removed is dropped rather than sent.
 */
export function notifyWebhookHandler(ctx: AppContext): JobHandler {
  return {
    kind: NOTIFY_WEBHOOK_JOB,
    // A receiver that takes its time (up to MODERATION_WEBHOOK_TIMEOUT_MS a call) holds a slot of
    // its own, never one the archive pipeline is waiting for.
    ownWorker: { concurrency: 1 },
    async run(payload: unknown) {
      if (!Value.Check(NotifyPayload, payload)) throw new PermanentJobError('bad notify-webhook payload');
      const settings = ctx.config.moderation;
      if (!settings.MODERATION_WEBHOOK_URL) return;
      const response = await fetch(settings.MODERATION_WEBHOOK_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(webhookBody(settings.MODERATION_WEBHOOK_FORMAT, payload.text)),
        signal: AbortSignal.timeout(settings.MODERATION_WEBHOOK_TIMEOUT_MS),
        // A redirect is not followed: the message goes to the configured address or nowhere.
        redirect: 'manual',
      });
      // Drain the body so the connection is released; its content does not matter.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new Error(`webhook answered ${response.status}`);
    },
  };
}
