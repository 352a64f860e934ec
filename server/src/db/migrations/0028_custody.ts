import type { Kysely } from 'kysely';
import { columnTypes, type DialectName } from '../dialect.js';

/**
 * Who has held a pack and where its code came from:
 * - `pack_custody_events`: every change of hands (claim, transfer, publisher change, repository
 *   change), oldest first per pack, for the trust panel and the hold it causes;
 * - `nodes.next_version_hold`: why the pack's next version will be held for review ('' when it
 *   will not), set by a change of hands and moved onto the next version when it is created;
 * - `node_versions.hold_reason`: that reason on the version it held ('' for most versions);
 * - `node_versions.provenance`: how the version was published (JSON: token name and last four,
 *   browser upload by which account, or trusted publisher with repository, workflow, commit and
 *   run); '' for versions published before it was recorded, mirrored or seeded.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .createTable('pack_custody_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('node_id', 'text', (c) => c.notNull().references('nodes.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('from_value', 'text', (c) => c.notNull())
    .addColumn('to_value', 'text', (c) => c.notNull())
    .addColumn('actor_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pack_custody_events_node_idx')
    .on('pack_custody_events')
    .columns(['node_id', 'created_at'])
    .execute();
  await db.schema
    .alterTable('nodes')
    .addColumn('next_version_hold', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('node_versions')
    .addColumn('hold_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('node_versions')
    .addColumn('provenance', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
