import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, NodesTable, NodeVersionsTable } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A version row with the storage key of its archive (null while none is stored). */
export type PageVersionRow = Selectable<NodeVersionsTable> & { storage_key: string | null };

/** What one page of hits needs from the database, loaded in three queries whatever its size. */
export interface PageRows {
  nodes: Map<string, Selectable<NodesTable>>;
  publishers: Map<string, { id: string; name: string }>;
  versions: Map<string, PageVersionRow>;
}

/** The current rows of the hit packs, their publishers and latest versions. */
export async function loadPageRows(db: Db, ids: readonly string[]): Promise<PageRows> {
  if (ids.length === 0) return { nodes: new Map(), publishers: new Map(), versions: new Map() };
  const nodes = await db
    .selectFrom('nodes')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
  const publisherIds = [...new Set(nodes.map((n) => n.publisher_id))];
  const versionIds = nodes.map((n) => n.latest_version_id).filter((id): id is string => id !== null);
  const [publishers, versions] = await Promise.all([
    db.selectFrom('publishers').select(['id', 'name']).where('id', 'in', publisherIds).execute(),
    versionIds.length === 0
      ? Promise.resolve([] as PageVersionRow[])
      : db
          .selectFrom('node_versions')
          .leftJoin('storage_files', 'storage_files.id', 'node_versions.storage_file_id')
          .selectAll('node_versions')
          .select('storage_files.storage_key')
          .where('node_versions.id', 'in', versionIds)
          .execute(),
  ]);
  return {
    nodes: new Map(nodes.map((n) => [n.id, n])),
    publishers: new Map(publishers.map((p) => [p.id, p])),
    versions: new Map(versions.map((v) => [v.id, v])),
  };
}
