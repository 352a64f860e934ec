import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { zipSync } from 'fflate';
import type { Insertable, Selectable } from 'kysely';
import type { ComfyNodesTable, NodesTable, NodeVersionsTable, PublishersTable } from '../../src/db/schema.js';
import { archiveKey } from '../../src/engines/storage/blob-store.js';
import { newId } from '../../src/lib/ids.js';
import { announceCatalogueChange, recordCatalogueChange } from '../../src/modules/catalogue/changes.js';
import { refreshLatestVersion } from '../../src/modules/catalogue/latest-version.js';
import type { TestApp } from './app.js';

/** A version to create: its row values, and whether an archive is stored for it (default: yes). */
export type VersionSpec = Partial<Insertable<NodeVersionsTable>> & { version: string; archive?: boolean };

export interface SeededPack {
  publisher: Selectable<PublishersTable>;
  node: Selectable<NodesTable>;
  /** Created versions, in the order given. */
  versions: Selectable<NodeVersionsTable>[];
}

const ARCHIVE_TIME = new Date('2026-01-01T00:00:00Z');

/** A small valid zip holding a pyproject.toml, as real archives do. */
export function sampleArchive(name = 'pack', version = '1.0.0'): Buffer {
  const toml = `[project]\nname = "${name}"\nversion = "${version}"\n`;
  // A fixed timestamp: zip entries otherwise carry the current time, so two calls a second apart
  // would give different bytes for the same pack.
  return Buffer.from(zipSync({ 'pyproject.toml': new TextEncoder().encode(toml) }, { mtime: ARCHIVE_TIME }));
}

/** Stores bytes in the app's blob store and registers them in `storage_files`; returns the row. */
export async function storeArchive(t: TestApp, key: string, bytes: Buffer) {
  const stored = await t.ctx.storage.put(key, Readable.from([bytes]), {
    contentType: 'application/zip',
    maxBytes: 10 * 1024 * 1024,
  });
  return t.ctx.db
    .insertInto('storage_files')
    .values({
      id: newId(),
      storage_key: key,
      content_type: 'application/zip',
      size_bytes: stored.sizeBytes,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A pack with versions (each Active with a stored archive unless said otherwise), its latest
 * version pointer refreshed, as the publishing pipeline would leave it.
 */
export async function seedPack(
  t: TestApp,
  options: {
    id?: string;
    publisher?: Selectable<PublishersTable>;
    node?: Partial<Insertable<NodesTable>>;
    versions?: VersionSpec[];
  } = {},
): Promise<SeededPack> {
  const publisher = options.publisher ?? (await t.factories.publisher());
  const created = await t.factories.node({
    publisher_id: publisher.id,
    ...(options.id ? { id: options.id } : {}),
    ...options.node,
  });
  const versions: Selectable<NodeVersionsTable>[] = [];
  for (const spec of options.versions ?? []) {
    const { archive = true, ...values } = spec;
    const file = archive
      ? await storeArchive(
          t,
          archiveKey(publisher.id, created.id, spec.version),
          sampleArchive(created.id, spec.version),
        )
      : undefined;
    versions.push(
      await t.factories.version({
        node_id: created.id,
        ...(file ? { storage_file_id: file.id } : {}),
        ...values,
      }),
    );
  }
  await refreshLatestVersion(t.ctx.db, created.id);
  const node = await t.ctx.db.selectFrom('nodes').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
  return { publisher, node, versions };
}

/** A comfy-node (class) row of a pack. */
export async function seedComfyNode(
  t: TestApp,
  values: Partial<Insertable<ComfyNodesTable>> & { node_id: string; name: string },
): Promise<Selectable<ComfyNodesTable>> {
  return t.ctx.db
    .insertInto('comfy_nodes')
    .values({ id: newId(), node_version_id: null, ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Applies a write the way a real writer does: in a transaction that records the change, then announces it. */
export async function changeCatalogue(
  t: TestApp,
  nodeIds: string[],
  write: (db: TestApp['ctx']['db']) => Promise<unknown>,
  options: { announce?: boolean } = {},
): Promise<void> {
  await t.ctx.db.transaction().execute(async (trx) => {
    await write(trx);
    for (const id of nodeIds) await refreshLatestVersion(trx, id);
    await recordCatalogueChange(trx, nodeIds);
  });
  if (options.announce ?? true) announceCatalogueChange(t.ctx.events, nodeIds);
}
