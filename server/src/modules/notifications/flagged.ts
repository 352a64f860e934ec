import type { AppContext } from '../../context.js';
import { announceJobQueued } from '../../engines/jobs/queue.js';
import { parseFindings } from '../pipeline/outcome.js';
import { enqueueNotification, NOTIFY_WEBHOOK_JOB } from './webhook.js';

/**
 * Announces versions the pipeline flags. The pipeline emits `version:flagged` after its outcome
 * committed; this queues the webhook message. Returns a function that stops listening.
 */
export function listenForFlaggedVersions(ctx: AppContext, onError: (error: unknown) => void): () => void {
  const listener = (versionId: string) => {
    notifyFlagged(ctx, versionId).catch(onError);
  };
  ctx.events.on('version:flagged', listener);
  return () => ctx.events.off('version:flagged', listener);
}

/** Queues the "version flagged" message for one version (nothing when no webhook is set). */
export async function notifyFlagged(ctx: AppContext, versionId: string): Promise<void> {
  if (!ctx.config.moderation.MODERATION_WEBHOOK_URL) return;
  const row = await ctx.db
    .selectFrom('node_versions')
    .select(['node_id', 'version', 'status_reason'])
    .where('id', '=', versionId)
    .executeTakeFirst();
  if (!row) return;
  const findings = parseFindings(row.status_reason) ?? [];
  const lines = findings.slice(0, 5).map((f) => `- ${f.issue_type} in ${f.file_path}:${f.line_number}`);
  const more = findings.length > 5 ? [`- … and ${findings.length - 5} more`] : [];
  const link = `${ctx.config.server.PUBLIC_WEB_URL}/nodes/${encodeURIComponent(row.node_id)}`;
  const text = [
    `Version flagged for review: ${row.node_id}@${row.version} (${findings.length} finding(s))`,
    ...lines,
    ...more,
    link,
  ].join('\n');
  if (await enqueueNotification(ctx.db, ctx.config, text)) announceJobQueued(ctx.events, NOTIFY_WEBHOOK_JOB);
}
