import type { AppContext } from '../../context.js';
import { analyzeArchive } from '../archive/index.js';
import { notifyWebhookHandler } from '../notifications/webhook.js';
import { processArchiveHandler } from '../pipeline/process-archive.js';
import type { JobHandler } from './types.js';
import type { JobWorkerLog } from './worker.js';

/**
 * Every kind of background job this registry runs, each with its handler. A module with work
 * to do in the background adds its handler here.
 */
export function registryJobHandlers(ctx: AppContext, log?: JobWorkerLog): JobHandler[] {
  return [processArchiveHandler(ctx, analyzeArchive, log), notifyWebhookHandler(ctx)];
}
