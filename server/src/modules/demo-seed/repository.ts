import { createHash } from 'node:crypto';
import type { Insertable, Kysely, Transaction } from 'kysely';
import { chunks, IDS_PER_QUERY, rowsPerInsert } from '../../db/batch.js';
import type { Database } from '../../db/schema.js';
import { createVersions, type NewVersionRow } from '../catalogue/version-status.js';

type Db = Kysely<Database> | Transaction<Database>;
type TableName = keyof Database;

/** Every row of one batch of demo data, per table, in foreign-key order. */
export interface DemoRows {
  users: Insertable<Database['users']>[];
  publishers: Insertable<Database['publishers']>[];
  publisher_members: Insertable<Database['publisher_members']>[];
  nodes: Insertable<Database['nodes']>[];
  storage_files: Insertable<Database['storage_files']>[];
  node_versions: NewVersionRow[];
  comfy_nodes: Insertable<Database['comfy_nodes']>[];
  download_counts: Insertable<Database['download_counts']>[];
}

/** The tables written before the versions, and after them, in foreign-key order. */
const BEFORE_VERSIONS: (keyof DemoRows & TableName)[] = [
  'users',
  'publishers',
  'publisher_members',
  'nodes',
  'storage_files',
];
const AFTER_VERSIONS: (keyof DemoRows & TableName)[] = ['comfy_nodes', 'download_counts'];

/** An empty batch. */
export function emptyRows(): DemoRows {
  return {
    users: [],
    publishers: [],
    publisher_members: [],
    nodes: [],
    storage_files: [],
    node_versions: [],
    comfy_nodes: [],
    download_counts: [],
  };
}

/**
 * The first history row's id of a demo version: a UUID made from the version's own id, so the
 * same seed writes the same history as everything else.
 */
function historyIdOf(versionId: string): string {
  const hex = createHash('sha256').update(`history:${versionId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Inserts a batch with multi-row statements sized for both databases. Versions go through the
 * kernel's `createVersions`, which writes each one's first history row beside it.
 */
export async function insertDemoRows(db: Db, rows: DemoRows): Promise<void> {
  await insertTables(db, rows, BEFORE_VERSIONS);
  await createVersions(db, rows.node_versions, null, historyIdOf);
  await insertTables(db, rows, AFTER_VERSIONS);
}

async function insertTables(db: Db, rows: DemoRows, tables: (keyof DemoRows & TableName)[]): Promise<void> {
  for (const table of tables) {
    const list = rows[table] as Insertable<Database[typeof table]>[];
    const first = list[0];
    if (!first) continue;
    for (const slice of chunks(list, rowsPerInsert(Object.keys(first).length))) {
      // Each table's rows are typed by DemoRows; the cast only joins the per-table union for Kysely.
      await db
        .insertInto(table)
        .values(slice as never)
        .execute();
    }
  }
}

/** Which of these node ids (compared case-insensitively) already exist. */
export async function existingNodeIds(db: Db, ids: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const slice of chunks(
    ids.map((id) => id.toLowerCase()),
    IDS_PER_QUERY,
  )) {
    const rows = await db.selectFrom('nodes').select('id').where('normalized_id', 'in', slice).execute();
    found.push(...rows.map((r) => r.id));
  }
  return found;
}

/** Which of these publisher ids already exist. */
export async function existingPublisherIds(db: Db, ids: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const slice of chunks(ids, IDS_PER_QUERY)) {
    const rows = await db.selectFrom('publishers').select('id').where('id', 'in', slice).execute();
    found.push(...rows.map((r) => r.id));
  }
  return found;
}
