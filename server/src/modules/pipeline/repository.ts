import type { Kysely, Selectable, Transaction } from 'kysely';
import type {
  ArchiveProcessingStage,
  Database,
  NodesTable,
  NodeVersionsTable,
  StorageFilesTable,
} from '../../db/schema.js';

import { findingKey, parseFindings } from './outcome.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A version with its pack and stored archive: what the pipeline works on. */
export interface ProcessingSubject {
  version: Selectable<NodeVersionsTable>;
  node: Selectable<NodesTable>;
  file: Selectable<StorageFilesTable> | null;
}

/** Loads a version, its pack and its archive row; null when the version no longer exists. */
export async function findSubject(db: Db, versionId: string): Promise<ProcessingSubject | null> {
  const version = await db.selectFrom('node_versions').selectAll().where('id', '=', versionId).executeTakeFirst();
  if (!version) return null;
  const node = await db.selectFrom('nodes').selectAll().where('id', '=', version.node_id).executeTakeFirstOrThrow();
  const file = version.storage_file_id
    ? ((await db
        .selectFrom('storage_files')
        .selectAll()
        .where('id', '=', version.storage_file_id)
        .executeTakeFirst()) ?? null)
    : null;
  return { version, node, file };
}

/** Locks a version row for the rest of the transaction (PostgreSQL; SQLite already serialises writers). */
export async function lockVersion(
  trx: Transaction<Database>,
  versionId: string,
  dialect: 'sqlite' | 'postgres',
): Promise<Selectable<NodeVersionsTable> | undefined> {
  let query = trx.selectFrom('node_versions').selectAll().where('id', '=', versionId);
  if (dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Creates or resets a version's progress row when its archive is queued. */
export async function queueProcessing(db: Db, versionId: string, now: string): Promise<void> {
  await db
    .insertInto('archive_processing')
    .values({ node_version_id: versionId, stage: 'queued', queued_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.column('node_version_id').doUpdateSet({
        stage: 'queued',
        reason: '',
        queued_at: now,
        started_at: null,
        finished_at: null,
        updated_at: now,
      }),
    )
    .execute();
}

/** Moves a version's progress to a stage; `finished` stages record the end time and reason. */
export async function setStage(
  db: Db,
  versionId: string,
  stage: ArchiveProcessingStage,
  now: string,
  options: { reason?: string; started?: boolean } = {},
): Promise<void> {
  const finished = stage === 'done' || stage === 'failed';
  await db
    .updateTable('archive_processing')
    .set((eb) => ({
      stage,
      updated_at: now,
      ...(options.started ? { started_at: now, attempts: eb('attempts', '+', 1), finished_at: null } : {}),
      ...(finished ? { finished_at: now, reason: options.reason ?? '' } : {}),
    }))
    .where('node_version_id', '=', versionId)
    .execute();
}

/** A version's progress row, or undefined before its archive arrived. */
export async function findProcessing(db: Db, versionId: string) {
  return db.selectFrom('archive_processing').selectAll().where('node_version_id', '=', versionId).executeTakeFirst();
}

/**
 * Keys of the findings an admin cleared on earlier versions of a pack: versions that were once
 * Flagged (their reason lists the holding findings) and are Active now.
 */
export async function clearedFindingKeys(db: Db, nodeId: string, versionId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('node_version_status_history as h')
    .innerJoin('node_versions as v', 'v.id', 'h.node_version_id')
    .select('h.to_reason')
    .where('v.node_id', '=', nodeId)
    .where('v.id', '<>', versionId)
    .where('v.status', '=', 'NodeVersionStatusActive')
    .where('h.to_status', '=', 'NodeVersionStatusFlagged')
    .execute();
  return new Set(rows.flatMap((r) => (parseFindings(r.to_reason) ?? []).map(findingKey)));
}
