import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * What a stored archive's SHA-256 was checked against: `upload` (the bytes the publisher
 * uploaded here), `upstream` (a mirrored archive matching the hash its upstream recorded),
 * `first_fetch` (a mirrored archive whose upstream recorded no hash: the hash is this
 * registry's own, taken when it was first fetched, and vouches for nothing before that) or
 * `bundle` (an imported archive matching its bundle's `bundle.json`). Mirrored archives fetched
 * before this was recorded cannot be told apart and count as `first_fetch`.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('storage_files')
    .addColumn('hash_source', 'text', (c) => c.notNull().defaultTo('upload'))
    .execute();
  const files = db as unknown as Kysely<{
    storage_files: { id: string; hash_source: string };
    node_versions: { storage_file_id: string | null; upstream_archive_url: string; node_id: string };
    nodes: { id: string; mirrored_from: string };
  }>;
  // Archives of mirrored packs cached before this column: fetched from the upstream (whose hash
  // was not kept) or imported from a bundle (a version with no upstream URL).
  for (const [source, fetched] of [
    ['first_fetch', true],
    ['bundle', false],
  ] as const) {
    await files
      .updateTable('storage_files')
      .set({ hash_source: source })
      .where((eb) =>
        eb(
          'id',
          'in',
          eb
            .selectFrom('node_versions')
            .select('storage_file_id')
            .where('upstream_archive_url', fetched ? '!=' : '=', '')
            .where('storage_file_id', 'is not', null)
            .where('node_id', 'in', eb.selectFrom('nodes').select('id').where('mirrored_from', '!=', '')),
        ),
      )
      .execute();
  }
}
