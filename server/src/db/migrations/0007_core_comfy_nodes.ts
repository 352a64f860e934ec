import { type Kysely, sql } from 'kysely';
import { columnTypes, type DialectName } from '../dialect.js';

/**
 * Class names that ship with ComfyUI itself (`POST /comfy-nodes/resolve` answers them as `core`).
 * `registry import-manager-list` fills the table from the ComfyUI entry of ComfyUI-Manager's node
 * map, replacing its contents on every run; no pack owns these rows.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);
  const now = dialect === 'postgres' ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  await db.schema
    .createTable('core_comfy_nodes')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
}
