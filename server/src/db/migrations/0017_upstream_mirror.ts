import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * The upstream mirror: packs, publishers and versions copied from another registry say where
 * they came from (an empty `mirrored_from` is a pack published here), versions keep the upstream
 * archive URL until the archive is cached locally, and one row holds the sync's progress so a
 * sync interrupted by a crash or restart resumes where it stopped.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('nodes')
    .addColumn('mirrored_from', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('nodes').addColumn('last_synced_at', 'text').execute();
  // A digest of the upstream listing entry: an unchanged entry needs no further requests.
  await db.schema
    .alterTable('nodes')
    .addColumn('upstream_fingerprint', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('publishers')
    .addColumn('mirrored_from', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('node_versions')
    .addColumn('upstream_archive_url', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('upstream_sync')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('full', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('next_page', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('total_pages', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('counts', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
