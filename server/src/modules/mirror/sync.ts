import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { NodesTable } from '../../db/schema.js';
import { nowIso, parseJsonObject, toBool } from '../../db/values.js';
import { announceCatalogueChange } from '../catalogue/changes.js';
import { compareVersionsDesc, normalizeVersion } from '../catalogue/latest-version.js';
import { normalizeNodeId } from '../catalogue/node-id.js';
import { cacheEagerly } from './eager-cache.js';
import { markMirroredPack, writeMirroredPack } from './pack-writer.js';
import {
  findPublisher,
  overriddenIds,
  packsByNormalizedId,
  readSyncState,
  type SyncStateRow,
  touchSynced,
  unseenMirroredPacks,
  updateSyncState,
  upsertMirroredPublisher,
} from './repository.js';
import { type UpstreamClient, UpstreamStatusError } from './upstream-client.js';
import {
  checkItem,
  UpstreamComfyNode,
  type UpstreamComfyNodeJson,
  UpstreamComfyNodesPage,
  UpstreamNode,
  type UpstreamNodeJson,
  UpstreamNodesPage,
  UpstreamPublisher,
  UpstreamVersion,
  type UpstreamVersionJson,
} from './upstream-schemas.js';

/** The sync's counters, kept in the progress row (so a resumed sync continues them). */
export interface SyncCounts {
  pages: number;
  packsSeen: number;
  packsWritten: number;
  packsUnchanged: number;
  localWins: number;
  refused: number;
  markedRemoved: number;
  markedBanned: number;
  /** Archives fetched ahead of any download (UPSTREAM_CACHE=eager). */
  archivesCached: number;
  requests: number;
}

const ZERO: SyncCounts = {
  pages: 0,
  packsSeen: 0,
  packsWritten: 0,
  packsUnchanged: 0,
  localWins: 0,
  refused: 0,
  markedRemoved: 0,
  markedBanned: 0,
  archivesCached: 0,
  requests: 0,
};

/** The log lines the sync writes (pino's shape). */
export interface SyncLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface SyncRunOptions {
  log: SyncLog;
  /** Called after each page with the progress so far (the CLI draws its bar from it). */
  onProgress?: (progress: { page: number; totalPages: number; counts: SyncCounts }) => void;
  /** Stops the sync at the next page boundary; the progress row keeps where it stopped. */
  signal?: AbortSignal;
}

/** Pages of a version's classes read at most (100 classes each). */
const MAX_CLASS_PAGES = 20;

/**
 * `/nodes` pages requested ahead of the one being written. The walk over every page is most of an
 * incremental sync, and each page waits on the upstream; reading a few ahead keeps the client's
 * slots busy. The client's concurrency limit still bounds all requests together.
 */
const PAGES_AHEAD = 3;

/** Reads `/nodes` pages, starting some ahead of time; each page is requested once. */
class PageReader {
  #started = new Map<number, Promise<unknown>>();

  constructor(
    private readonly client: UpstreamClient,
    private readonly pageSize: number,
  ) {}

  read(page: number): Promise<unknown> {
    const started = this.#started.get(page);
    this.#started.delete(page);
    return started ?? this.#get(page);
  }

  prefetch(from: number, to: number): void {
    for (let page = from; page <= to; page++) {
      if (this.#started.has(page)) continue;
      const request = this.#get(page);
      // A page read ahead and then not needed (the sync stopped) must not surface as unhandled.
      request.catch(() => undefined);
      this.#started.set(page, request);
    }
  }

  /** Waits for pages read ahead and not used (a stopping sync). */
  async settle(): Promise<void> {
    await Promise.allSettled(this.#started.values());
    this.#started.clear();
  }

  #get(page: number): Promise<unknown> {
    return this.client.getJson(`/nodes?page=${page}&limit=${this.pageSize}`);
  }
}

/**
 * Runs (or resumes) the sync the progress row describes: reads the upstream's `/nodes` pages in
 * order, writes every new or changed pack with its versions and the classes of its latest
 * version, and after the last page marks mirrored packs the upstream no longer lists as removed
 * or banned. The row is updated after every page, so a sync stopped by a crash, a restart or
 * `signal` continues from the next page. Returns the row as it ends up.
 */
export async function runUpstreamSync(
  ctx: AppContext,
  client: UpstreamClient,
  options: SyncRunOptions,
): Promise<SyncStateRow | undefined> {
  let state = await readSyncState(ctx.db);
  if (!state || state.status === 'done' || state.status === 'failed') return state;
  const upstream = client.options.baseUrl;
  if (state.status === 'queued' || !state.started_at) {
    await updateSyncState(ctx.db, { status: 'running', started_at: nowIso(), next_page: 1, updated_at: nowIso() });
    state = await readSyncState(ctx.db);
    if (!state) return state;
  }
  const startedAt = state.started_at ?? nowIso();
  const full = toBool(state.full);
  const counts: SyncCounts = { ...ZERO, ...(parseJsonObject(state.counts) as Partial<SyncCounts>) };
  const requestsBefore = client.requests - counts.requests;
  const publishers = new Map<string, boolean>();
  const context: PackContext = {
    ctx,
    client,
    upstream,
    full,
    counts,
    publishers,
    overridden: await overriddenIds(ctx.db),
    log: options.log,
  };

  let page = state.next_page;
  let totalPages = state.total_pages;
  const pages = new PageReader(client, ctx.config.upstream.UPSTREAM_PAGE_SIZE);
  for (;;) {
    if (options.signal?.aborted) {
      // Stop with nothing of this run still talking to the upstream.
      await pages.settle();
      return readSyncState(ctx.db);
    }
    const raw = await pages.read(page);
    const envelope = checkItem(UpstreamNodesPage, raw);
    // A page that is not a page at all is the upstream's fault, not one pack's: the job retries.
    if (!envelope.ok) throw new Error(`upstream /nodes page ${page} is malformed: ${envelope.problem}`);
    totalPages = envelope.value.totalPages;
    // The next pages are on their way while this one is written (within the client's limit).
    pages.prefetch(page + 1, Math.min(totalPages, page + PAGES_AHEAD));
    const now = nowIso();
    const existing = await packsByNormalizedId(ctx.db, envelope.value.nodes.map(itemId));
    const results = await Promise.all(envelope.value.nodes.map((item) => syncOnePack(context, item, now, existing)));
    const touched = results.filter((r): r is { id: string; written: boolean } => r !== null);
    await touchSynced(
      ctx.db,
      touched.filter((r) => !r.written).map((r) => r.id),
      now,
    );
    announceCatalogueChange(
      ctx.events,
      touched.filter((r) => r.written).map((r) => r.id),
    );
    counts.pages++;
    counts.requests = client.requests - requestsBefore;
    const last = envelope.value.nodes.length === 0 || page >= totalPages;
    await updateSyncState(ctx.db, {
      next_page: page + 1,
      total_pages: totalPages,
      counts: JSON.stringify(counts),
      updated_at: nowIso(),
    });
    options.onProgress?.({ page, totalPages, counts });
    if (last) break;
    page++;
  }

  await markUnseen(context, startedAt);
  if (ctx.config.upstream.UPSTREAM_CACHE === 'eager') {
    counts.archivesCached += await cacheEagerly(ctx, options.log, options.signal);
    if (options.signal?.aborted) return readSyncState(ctx.db);
  }
  counts.requests = client.requests - requestsBefore;
  await updateSyncState(ctx.db, {
    status: 'done',
    counts: JSON.stringify(counts),
    last_error: '',
    finished_at: nowIso(),
    updated_at: nowIso(),
  });
  options.log.info({ upstream, ...counts }, 'upstream sync finished');
  return readSyncState(ctx.db);
}

interface PackContext {
  ctx: AppContext;
  client: UpstreamClient;
  upstream: string;
  full: boolean;
  counts: SyncCounts;
  /** Publisher id → usable for mirrored packs (false: a local publisher holds the id). */
  publishers: Map<string, boolean>;
  /** Normalised ids admins released for local packs: the sync leaves them alone. */
  overridden: Set<string>;
  log: SyncLog;
}

/**
 * Syncs one listing entry: refused (logged, null) when malformed, skipped when a local pack holds
 * the id or nothing changed since the last sync, otherwise read in full and written.
 */
async function syncOnePack(
  c: PackContext,
  item: unknown,
  now: string,
  packsHere: Map<string, Selectable<NodesTable>>,
): Promise<{ id: string; written: boolean } | null> {
  const checked = checkItem(UpstreamNode, item);
  if (!checked.ok) return refuse(c, itemId(item), `pack refused: ${checked.problem}`);
  const node = checked.value;
  c.counts.packsSeen++;
  if (c.overridden.has(normalizeNodeId(node.id))) {
    c.counts.localWins++;
    return null;
  }
  try {
    const existing = packsHere.get(normalizeNodeId(node.id));
    if (existing && existing.mirrored_from !== c.upstream) {
      c.counts.localWins++;
      return null;
    }
    const publisherId = node.publisher?.id;
    if (!publisherId) return refuse(c, node.id, 'pack refused: it names no publisher');
    const fingerprint = fingerprintOf(node);
    if (
      !c.full &&
      existing &&
      existing.upstream_fingerprint === fingerprint &&
      existing.status === 'NodeStatusActive'
    ) {
      c.counts.packsUnchanged++;
      return { id: existing.id, written: false };
    }
    if (!(await ensurePublisher(c, publisherId, node.publisher?.name ?? publisherId))) {
      return refuse(c, node.id, `pack refused: publisher ${publisherId} is a publisher of this registry`);
    }
    // A pack new here whose listing entry shows no latest version has nothing installable
    // upstream: its versions request is saved (most of a Manager-sized catalogue is such packs).
    // They are read once its entry shows a version (the entry changes then) or by a full sync.
    const versions = !existing && !node.latest_version && !c.full ? [] : await readVersions(c, node.id);
    const latest = versions
      .filter((v) => (v.status ?? 'NodeVersionStatusActive') === 'NodeVersionStatusActive')
      .map((v) => ({ ...v, version: normalizeVersion(v.version) ?? v.version }))
      .sort(compareVersionsDesc)[0];
    const classes = latest ? await readClasses(c, node.id, latest.version) : undefined;
    const outcome = await writeMirroredPack(c.ctx.db, {
      upstream: c.upstream,
      node,
      publisherId,
      fingerprint,
      versions,
      classes: classes && latest ? [{ version: latest.version, rows: classes }] : undefined,
      now,
    });
    if (outcome === 'local-wins') {
      c.counts.localWins++;
      return null;
    }
    c.counts.packsWritten++;
    return { id: node.id, written: true };
  } catch (error) {
    if (error instanceof UpstreamStatusError) return refuse(c, node.id, `pack refused: ${error.message}`);
    throw error;
  }
}

function refuse(c: PackContext, id: string, reason: string): null {
  c.counts.refused++;
  c.log.warn({ upstream: c.upstream, item: id }, reason);
  return null;
}

/** A pack's versions; malformed ones are refused one by one. */
async function readVersions(c: PackContext, nodeId: string): Promise<UpstreamVersionJson[]> {
  const raw = await c.client.getJson(`/nodes/${encodeURIComponent(nodeId)}/versions`);
  if (!Array.isArray(raw)) throw new UpstreamStatusError(200, `/nodes/${nodeId}/versions`, 'not a list');
  const out: UpstreamVersionJson[] = [];
  for (const item of raw) {
    const checked = checkItem(UpstreamVersion, item);
    if (checked.ok) out.push(checked.value);
    else refuse(c, `${nodeId}@${itemVersion(item)}`, `version refused: ${checked.problem}`);
  }
  return out;
}

/** The class definitions of one version; malformed ones are refused one by one. */
async function readClasses(c: PackContext, nodeId: string, version: string): Promise<UpstreamComfyNodeJson[]> {
  const out: UpstreamComfyNodeJson[] = [];
  const base = `/nodes/${encodeURIComponent(nodeId)}/versions/${encodeURIComponent(version)}/comfy-nodes`;
  for (let page = 1; page <= MAX_CLASS_PAGES; page++) {
    let raw: unknown;
    try {
      raw = await c.client.getJson(`${base}?page=${page}&limit=100`);
    } catch (error) {
      // No classes upstream (never extracted there) is not a reason to refuse the pack.
      if (error instanceof UpstreamStatusError && error.status === 404) return out;
      throw error;
    }
    const envelope = checkItem(UpstreamComfyNodesPage, raw);
    if (!envelope.ok) {
      refuse(c, `${nodeId}@${version}`, `classes refused: ${envelope.problem}`);
      return out;
    }
    for (const item of envelope.value.comfy_nodes) {
      const checked = checkItem(UpstreamComfyNode, item);
      if (checked.ok) out.push(checked.value);
      else refuse(c, `${nodeId}@${version}`, `class refused: ${checked.problem}`);
    }
    if (page >= (envelope.value.totalNumberOfPages ?? 1) || envelope.value.comfy_nodes.length === 0) return out;
  }
  return out;
}

/**
 * Makes sure the publisher exists here as a mirrored publisher (read from the upstream the first
 * time). False when a publisher of this registry holds the id: its members must not gain packs
 * they never published.
 */
async function ensurePublisher(c: PackContext, id: string, fallbackName: string): Promise<boolean> {
  const known = c.publishers.get(id);
  if (known !== undefined) return known;
  const local = await findPublisher(c.ctx.db, id);
  if (local && local.mirrored_from !== c.upstream) {
    c.publishers.set(id, false);
    return false;
  }
  if (!local || c.full) {
    let details: Record<string, unknown> = {};
    try {
      const raw = await c.client.getJson(`/publishers/${encodeURIComponent(id)}`);
      const checked = checkItem(UpstreamPublisher, raw);
      if (checked.ok) details = checked.value;
      else refuse(c, `publisher ${id}`, `publisher details refused: ${checked.problem}`);
    } catch (error) {
      if (!(error instanceof UpstreamStatusError)) throw error;
    }
    const text = (key: string) => (typeof details[key] === 'string' ? (details[key] as string) : '');
    await upsertMirroredPublisher(c.ctx.db, {
      id,
      name: text('name') || fallbackName,
      description: text('description'),
      website: text('website'),
      support_email: text('support'),
      source_code_repo: text('source_code_repo'),
      logo_url: text('logo'),
      status: details.status === 'PublisherStatusBanned' ? 'PublisherStatusBanned' : 'PublisherStatusActive',
      mirrored_from: c.upstream,
      updated_at: nowIso(),
    });
  }
  c.publishers.set(id, true);
  return true;
}

/**
 * Mirrored packs this sync did not see in the listing: asked for one by one, and marked banned
 * (403) or removed (404) here, never deleted. A pack the upstream still answers stays as it is.
 */
async function markUnseen(c: PackContext, startedAt: string): Promise<void> {
  const unseen = await unseenMirroredPacks(c.ctx.db, c.upstream, startedAt);
  const changed: string[] = [];
  await Promise.all(
    unseen.map(async (pack) => {
      try {
        await c.client.getJson(`/nodes/${encodeURIComponent(pack.id)}`);
        await touchSynced(c.ctx.db, [pack.id], nowIso());
      } catch (error) {
        if (!(error instanceof UpstreamStatusError)) throw error;
        if (error.status === 403) {
          await markMirroredPack(c.ctx.db, pack.id, 'NodeStatusBanned', 'banned upstream');
          c.counts.markedBanned++;
          changed.push(pack.id);
        } else if (error.status === 404) {
          await markMirroredPack(c.ctx.db, pack.id, 'NodeStatusDeleted', 'removed upstream');
          c.counts.markedRemoved++;
          changed.push(pack.id);
        }
      }
    }),
  );
  announceCatalogueChange(c.ctx.events, changed);
}

/** A digest of what a listing entry says about a pack, leaving out counters that move on every install. */
export function fingerprintOf(node: UpstreamNodeJson): string {
  const { downloads: _d, github_stars: _s, ...rest } = node;
  const record = rest as Record<string, unknown>;
  const { rating: _r, ...stable } = record;
  const latest = node.latest_version as Record<string, unknown> | undefined;
  const text = JSON.stringify({
    ...stable,
    latest_version: latest ? { version: latest.version, status: latest.status, id: latest.id } : null,
  });
  return createHash('sha256').update(text).digest('hex');
}

function itemId(item: unknown): string {
  if (item && typeof item === 'object' && 'id' in item && typeof item.id === 'string') return item.id.slice(0, 100);
  return '(no id)';
}

function itemVersion(item: unknown): string {
  if (item && typeof item === 'object' && 'version' in item && typeof item.version === 'string') {
    return item.version.slice(0, 100);
  }
  return '(no version)';
}
