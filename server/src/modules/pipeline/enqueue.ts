import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { enqueueJob } from '../../engines/jobs/queue.js';
import { PROCESS_ARCHIVE_JOB } from './process-archive.js';

/**
 * Queues the `process-archive` job of a version inside the caller's transaction. The job's fair
 * key is the publisher, so the queue takes turns between publishers: one account uploading many
 * (or very large) archives cannot hold back everyone else's.
 */
export async function enqueueArchiveProcessing(
  trx: Transaction<Database>,
  versionId: string,
  maxAttempts: number,
): Promise<void> {
  const owner = await trx
    .selectFrom('node_versions')
    .innerJoin('nodes', 'nodes.id', 'node_versions.node_id')
    .select('nodes.publisher_id')
    .where('node_versions.id', '=', versionId)
    .executeTakeFirst();
  await enqueueJob(trx, {
    kind: PROCESS_ARCHIVE_JOB,
    payload: { versionId },
    maxAttempts,
    fairKey: owner ? `publisher:${owner.publisher_id}` : '',
  });
}
