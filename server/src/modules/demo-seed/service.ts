import { Readable } from 'node:stream';
import type { AppContext } from '../../context.js';
import { chunks } from '../../db/batch.js';
import type { NodeVersionStatus } from '../../db/schema.js';
import { archiveKey, type StoredBlob } from '../../engines/storage/blob-store.js';
import { announceCatalogueChange, recordCatalogueChange } from '../catalogue/changes.js';
import { buildDemoArchive } from './archive.js';
import { type DemoPack, type DemoPublisher, generatePack, generatePublisher } from './generate.js';
import { SeededRandom } from './random.js';
import { emptyRows, existingNodeIds, existingPublisherIds, insertDemoRows } from './repository.js';
import { addPackRows, addPublisherRows } from './rows.js';

/** What seeding needs: the database and the archive store; the event bus when the caller has one. */
export type SeedContext = Pick<AppContext, 'db' | 'storage'> & Partial<Pick<AppContext, 'events'>>;

export interface SeedDemoOptions {
  packs: number;
  seed: number;
  versionsPerPack: number;
  /**
   * Which versions get a stored zip: `all` (default), only each pack's `latest` version, or
   * `none`. Very large catalogues load much faster without one file per version.
   */
  archives?: ArchiveChoice;
  /** Called after each batch is written, with the number of packs done so far. */
  onProgress?: (packsDone: number) => void;
}

export interface SeedDemoReport {
  seed: number;
  publishers: number;
  packs: number;
  versions: number;
  versionsByStatus: Partial<Record<NodeVersionStatus, number>>;
  deprecatedVersions: number;
  comfyNodes: number;
  archives: number;
  archiveBytes: number;
  durationMs: number;
}

export type ArchiveChoice = 'all' | 'latest' | 'none';

/** A demo catalogue that cannot be written, e.g. because its ids are already taken. */
export class DemoSeedError extends Error {
  override name = 'DemoSeedError';
}

/** Packs generated and written per transaction: bounds memory whatever `packs` is. */
const PACKS_PER_BATCH = 500;
/** Archive writes in flight at once. */
const ARCHIVE_CONCURRENCY = 16;
const MAX_ARCHIVE_BYTES = 10 * 1024 * 1024;

/**
 * Generates and writes a synthetic catalogue: publishers with owner accounts, packs, versions
 * (mostly Active, some Pending, Flagged or deprecated), class definitions, download counts and a
 * stored zip per version. Everything, ids and timestamps included, follows from `seed`, so the
 * same options give the same data. Each batch is its own transaction.
 */
export async function seedDemoCatalogue(ctx: SeedContext, options: SeedDemoOptions): Promise<SeedDemoReport> {
  const started = performance.now();
  const rng = new SeededRandom(options.seed);
  const archives = options.archives ?? 'all';
  const report: SeedDemoReport = {
    seed: options.seed,
    publishers: 0,
    packs: 0,
    versions: 0,
    versionsByStatus: {},
    deprecatedVersions: 0,
    comfyNodes: 0,
    archives: 0,
    archiveBytes: 0,
    durationMs: 0,
  };
  let publisher: DemoPublisher | undefined;
  let remaining = 0;
  let batch: { publishers: DemoPublisher[]; packs: DemoPack[] } = { publishers: [], packs: [] };
  const byId = new Map<string, DemoPublisher>();

  const flush = async () => {
    await writeBatch(ctx, batch.publishers, batch.packs, byId, archives, report);
    for (const p of batch.publishers) if (p !== publisher) byId.delete(p.id);
    batch = { publishers: [], packs: [] };
    options.onProgress?.(report.packs);
  };

  for (let i = 0; i < options.packs; i++) {
    if (!publisher || remaining === 0) {
      publisher = generatePublisher(rng, report.publishers + batch.publishers.length);
      // Most publishers have a handful of packs; a few have dozens.
      remaining = rng.chance(0.05) ? rng.int(10, 40) : rng.int(1, 5);
      batch.publishers.push(publisher);
      byId.set(publisher.id, publisher);
    }
    remaining -= 1;
    batch.packs.push(generatePack(rng, i, publisher, options.versionsPerPack));
    if (batch.packs.length >= PACKS_PER_BATCH) await flush();
  }
  if (batch.packs.length > 0) await flush();
  report.durationMs = Math.round(performance.now() - started);
  return report;
}

async function writeBatch(
  ctx: SeedContext,
  publishers: DemoPublisher[],
  packs: DemoPack[],
  byId: Map<string, DemoPublisher>,
  archives: ArchiveChoice,
  report: SeedDemoReport,
): Promise<void> {
  const takenPublishers = await existingPublisherIds(
    ctx.db,
    publishers.map((p) => p.id),
  );
  const takenNodes = await existingNodeIds(
    ctx.db,
    packs.map((p) => p.id),
  );
  if (takenPublishers.length > 0 || takenNodes.length > 0) {
    const example = takenPublishers[0] ?? takenNodes[0];
    throw new DemoSeedError(
      `Demo ids already exist (e.g. "${example}"): this seed was probably loaded before. Use a fresh database or another --seed.`,
    );
  }

  const blobs = await storeArchives(ctx, packs, byId, archives);
  const rows = emptyRows();
  for (const p of publishers) addPublisherRows(rows, p);
  for (const pack of packs) addPackRows(rows, pack, blobs);

  await ctx.db.transaction().execute(async (trx) => {
    await insertDemoRows(trx, rows);
    for (const slice of chunks(packs, 1000))
      await recordCatalogueChange(
        trx,
        slice.map((p) => p.id),
      );
  });
  if (ctx.events)
    announceCatalogueChange(
      ctx.events,
      packs.map((p) => p.id),
    );

  report.publishers += publishers.length;
  report.packs += packs.length;
  report.versions += rows.node_versions.length;
  report.comfyNodes += rows.comfy_nodes.length;
  report.archives += blobs.size;
  for (const blob of blobs.values()) report.archiveBytes += blob.sizeBytes;
  for (const v of rows.node_versions) {
    const status = v.status ?? 'NodeVersionStatusPending';
    report.versionsByStatus[status] = (report.versionsByStatus[status] ?? 0) + 1;
    if (v.deprecated) report.deprecatedVersions += 1;
  }
}

/** Builds and stores the chosen versions' zips, a few at a time; returns the stored blobs by version id. */
async function storeArchives(
  ctx: SeedContext,
  packs: DemoPack[],
  publishers: Map<string, DemoPublisher>,
  archives: ArchiveChoice,
): Promise<Map<string, StoredBlob>> {
  const jobs = packs.flatMap((pack) =>
    pack.versions
      .filter((version) => archives === 'all' || (archives === 'latest' && version.id === pack.latestVersionId))
      .map((version) => ({ pack, version })),
  );
  const stored = new Map<string, StoredBlob>();
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      if (!job) break;
      const publisher = publishers.get(job.pack.publisherId);
      if (!publisher) throw new Error(`publisher ${job.pack.publisherId} missing from batch`);
      const bytes = buildDemoArchive(job.pack, publisher, job.version);
      const key = archiveKey(job.pack.publisherId, job.pack.id, job.version.version);
      const blob = await ctx.storage.put(key, Readable.from([Buffer.from(bytes)]), {
        contentType: 'application/zip',
        maxBytes: MAX_ARCHIVE_BYTES,
      });
      stored.set(job.version.id, blob);
    }
  };
  await Promise.all(Array.from({ length: ARCHIVE_CONCURRENCY }, worker));
  return stored;
}
