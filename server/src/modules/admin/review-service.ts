import type { AppContext } from '../../context.js';
import type { MailLogger } from '../../engines/mail/mailer.js';
import { HttpError } from '../../lib/errors.js';
import type { Viewer } from '../auth/viewer.js';
import type { NodeVersionJson } from '../catalogue/wire.js';
import { updateVersion } from './version-service.js';

/** Most versions one batch review may decide. */
export const MAX_REVIEW_ITEMS = 100;

/** Approve makes a version installable; reject bans it (kept for the record, never installable). */
export const REVIEW_STATUS = {
  approve: 'NodeVersionStatusActive',
  reject: 'NodeVersionStatusBanned',
} as const;

export type ReviewAction = keyof typeof REVIEW_STATUS;

export interface ReviewItemResult {
  node_id: string;
  version: string;
  status: 'ok' | 'not_found' | 'error';
  node_version?: NodeVersionJson;
  message?: string;
}

/**
 * Decides many versions with one reason. Each item is its own admin action (own transaction,
 * history row and audit entry), so one bad item never undoes or blocks the others.
 */
export async function reviewVersions(
  ctx: AppContext,
  viewer: Viewer,
  items: { node_id: string; version: string }[],
  action: ReviewAction,
  reason: string,
  log: MailLogger,
): Promise<ReviewItemResult[]> {
  const results: ReviewItemResult[] = [];
  for (const item of items) {
    const echo = { node_id: item.node_id, version: item.version };
    try {
      const nodeVersion = await updateVersion(
        ctx,
        viewer,
        item.node_id,
        item.version,
        {
          status: REVIEW_STATUS[action],
          status_reason: reason,
        },
        log,
      );
      results.push({ ...echo, status: 'ok', node_version: nodeVersion });
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) {
        results.push({ ...echo, status: 'not_found', message: error.message });
      } else if (error instanceof HttpError && error.statusCode < 500) {
        results.push({ ...echo, status: 'error', message: error.message });
      } else {
        log.error({ err: error }, 'batch review item failed');
        results.push({ ...echo, status: 'error', message: 'internal error' });
      }
    }
  }
  return results;
}
