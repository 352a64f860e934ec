import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, NodeVersionsTable } from '../../db/schema.js';
import { findListedNodesByIds, type ListedNodeRow } from '../nodes/repository.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A pack row with its publisher's name. */
export type PageNodeRow = ListedNodeRow;

/** A version row with the storage key of its archive (null while none is stored). */
export type PageVersionRow = Selectable<NodeVersionsTable> & { storage_key: string | null };

/** What one page of hits needs from the database. */
export interface PageRows {
  nodes: Map<string, PageNodeRow>;
  versions: Map<string, PageVersionRow>;
}

/**
 * The current rows of the hit packs with their publishers' names, and their latest versions: two
 * queries run side by side, whatever the page size.
 */
export async function loadPageRows(db: Db, ids: readonly string[]): Promise<PageRows> {
  if (ids.length === 0) return { nodes: new Map(), versions: new Map() };
  const [nodes, versions] = await Promise.all([
    findListedNodesByIds(db, [...ids]),
    db
      .selectFrom('node_versions')
      .leftJoin('storage_files', 'storage_files.id', 'node_versions.storage_file_id')
      .selectAll('node_versions')
      .select('storage_files.storage_key')
      .where(
        'node_versions.id',
        'in',
        db
          .selectFrom('nodes')
          .select('nodes.latest_version_id')
          .where('nodes.id', 'in', [...ids]),
      )
      .execute(),
  ]);
  return {
    nodes: new Map(nodes.map((n) => [n.id, n])),
    versions: new Map(versions.map((v) => [v.id, v])),
  };
}
