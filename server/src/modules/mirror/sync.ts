import { hash } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { nowIso, parseJsonObject, toBool } from '../../db/values.js';
import { httpUrlOrEmpty } from '../../lib/http-url.js';
import { announceCatalogueChange } from '../catalogue/changes.js';
import { compareVersionsDesc, normalizeVersion } from '../catalogue/latest-version.js';
import { normalizeNodeId } from '../catalogue/node-id.js';
import { cacheEagerly } from './eager-cache.js';
import { learnUpstreamAlias } from './learned-aliases.js';
import { markMirroredPack, writeMirroredPack } from './pack-writer.js';
import { PageProgress } from './page-progress.js';
import {
  findPublisher,
  overriddenIds,
  type PackHere,
  packsByNormalizedId,
  readSyncState,
  type SyncStateRow,
  touchSynced,
  unseenMirroredPacks,
  updateSyncState,
  upsertMirroredPublisher,
} from './repository.js';
import { type UpstreamClient, UpstreamRefusedError, UpstreamStatusError } from './upstream-client.js';
import {
  checkItem,
  UpstreamComfyNode,
  type UpstreamComfyNodeJson,
  UpstreamComfyNodesPage,
  UpstreamNode,
  UpstreamNodesPage,
  UpstreamPublisher,
  UpstreamVersion,
  type UpstreamVersionJson,
} from './upstream-schemas.js';

/**
 * A listing page past this registry's limits (more entries than asked for, more pages than
 * UPSTREAM_MAX_PAGES): the same upstream answers the same way on a retry, so the job is not retried.
 */
export class UpstreamListingRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UpstreamListingRefused';
  }
}

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
 * `/nodes` pages worked on at once after the first (whose answer tells how many there are). Each
 * is read, compared and its changed packs written on its own, so a page waiting on one changed
 * pack's versions does not hold up the rest. The client's concurrency limit still bounds the
 * requests of all of them together; this only bounds how many pages are held in memory.
 */
const PAGES_AT_ONCE = 8;

/**
 * Runs (or resumes) the sync the progress row describes: reads every `/nodes` page of the
 * upstream, writes every new or changed pack with its versions and the classes of its latest
 * version, and after the last page marks mirrored packs the upstream no longer lists as removed
 * or banned. The resume point is saved as pages finish, so a sync stopped by a crash, a restart
 * or `signal` continues from the first page it had not finished. Returns the row as it ends up.
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
  const counts: SyncCounts = { ...ZERO, ...(parseJsonObject(state.counts) as Partial<SyncCounts>) };
  const requestsBefore = client.requests - counts.requests;
  const context: PackContext = {
    ctx,
    client,
    upstream,
    full: toBool(state.full),
    counts,
    publishers: new Map(),
    writing: new Set(),
    overridden: await overriddenIds(ctx.db),
    log: options.log,
    refusalsLogged: { count: 0 },
  };
  const refusedBefore = counts.refused;
  const summariseRefusals = () => {
    const refused = counts.refused - refusedBefore;
    if (refused > context.refusalsLogged.count) {
      options.log.warn(
        { upstream, refused, logged: context.refusalsLogged.count },
        `${refused} upstream items refused in this run; the first ${context.refusalsLogged.count} were logged`,
      );
    }
  };
  const limits = ctx.config.upstream;
  // The sync's own time limit, and an admin's cancel (the row leaves `running`), stop it at the
  // next page like the worker's shutdown does.
  const deadline = Date.parse(startedAt) + limits.UPSTREAM_SYNC_MAX_SECONDS * 1000;
  let stopReason: string | null = null;

  const firstPage = state.next_page;
  const progress = new PageProgress(firstPage, counts);
  let totalPages = state.total_pages;
  let nextPage = firstPage;
  let failure: { error: unknown } | null = null;
  /** The first empty page seen: nothing after it is read. */
  let lastPage = Number.POSITIVE_INFINITY;
  let saving = Promise.resolve();
  const stopped = () => failure !== null || stopReason !== null || options.signal?.aborted === true;
  /** Whether an admin cancelled the sync or it ran out of time; sets `stopReason`. */
  const checkStop = async (): Promise<void> => {
    if (stopReason) return;
    if (Date.now() > deadline) {
      stopReason = `stopped after UPSTREAM_SYNC_MAX_SECONDS (${limits.UPSTREAM_SYNC_MAX_SECONDS} s)`;
      return;
    }
    const now = await readSyncState(ctx.db);
    if (now?.status !== 'running') stopReason = 'cancelled';
  };

  /** Reads and syncs one page, then saves the resume point if it moved. False when it was the last. */
  const syncPage = async (page: number): Promise<boolean> => {
    await checkStop();
    if (stopReason) return false;
    const raw = await client.getJson(`/nodes?page=${page}&limit=${ctx.config.upstream.UPSTREAM_PAGE_SIZE}`);
    const envelope = checkItem(UpstreamNodesPage, raw);
    // A page that is not a page at all is the upstream's fault, not one pack's: the job retries.
    if (!envelope.ok) throw new Error(`upstream /nodes page ${page} is malformed: ${envelope.problem}`);
    const { nodes } = envelope.value;
    // An upstream answers at most the page size asked for; more is abuse (a million `{}`).
    if (nodes.length > limits.UPSTREAM_PAGE_SIZE) {
      throw new UpstreamListingRefused(
        `upstream /nodes page ${page} has ${nodes.length} entries; ${limits.UPSTREAM_PAGE_SIZE} were asked for`,
      );
    }
    if (envelope.value.totalPages > limits.UPSTREAM_MAX_PAGES) {
      throw new UpstreamListingRefused(
        `upstream announces ${envelope.value.totalPages} pages; this registry reads at most ${limits.UPSTREAM_MAX_PAGES} (UPSTREAM_MAX_PAGES)`,
      );
    }
    // An empty page past the first is the end of the listing, whatever totalPages claimed.
    if (nodes.length === 0 && page > 1) lastPage = Math.min(lastPage, page);
    // A catalogue that grew during the walk is walked to its new end; one that shrank leaves
    // empty pages at the end, which cost a request each.
    totalPages = Math.max(page === firstPage ? 0 : totalPages, envelope.value.totalPages);
    const pageCounts: SyncCounts = { ...ZERO, pages: 1 };
    const pageContext = { ...context, counts: pageCounts };
    const now = nowIso();
    const existing = await packsByNormalizedId(ctx.db, nodes.map(itemId));
    const results = await Promise.all(nodes.map((item) => syncOnePack(pageContext, item, now, existing)));
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
    if (progress.finish(page, pageCounts)) {
      // One save at a time, each with the latest figures, so an older one never lands last.
      saving = saving.then(async () => {
        counts.requests = client.requests - requestsBefore;
        await updateSyncState(ctx.db, {
          next_page: progress.next,
          total_pages: totalPages,
          counts: JSON.stringify(counts),
          updated_at: nowIso(),
        });
        options.onProgress?.({ page: progress.next - 1, totalPages, counts });
      });
      await saving;
    }
    return nodes.length > 0 && page < totalPages;
  };

  const worker = async () => {
    while (!stopped() && nextPage <= totalPages && nextPage <= lastPage) {
      const page = nextPage++;
      // The first failure stops the walk; pages already started finish, the rest wait for the retry.
      await syncPage(page).catch((error: unknown) => {
        failure ??= { error };
      });
    }
  };

  if (!stopped() && (await syncPage(nextPage++))) {
    await Promise.all(Array.from({ length: PAGES_AT_ONCE }, worker));
  }
  await saving;
  summariseRefusals();
  if (failure) throw (failure as { error: unknown }).error;
  if (options.signal?.aborted) return readSyncState(ctx.db);
  if (stopReason === 'cancelled') {
    options.log.warn({ upstream, ...counts }, 'upstream sync cancelled');
    return readSyncState(ctx.db);
  }
  if (stopReason) {
    const reason: string = stopReason;
    await updateSyncState(ctx.db, {
      status: 'failed',
      last_error: reason,
      counts: JSON.stringify(counts),
      finished_at: nowIso(),
      updated_at: nowIso(),
    });
    options.log.warn({ upstream, ...counts }, `upstream sync ${reason}`);
    return readSyncState(ctx.db);
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
  /** Publisher id → usable for mirrored packs (false: a local publisher holds the id); asked once per sync. */
  publishers: Map<string, Promise<boolean>>;
  /** Normalised ids written by this run: a pack the upstream lists twice (pages shift) is written once. */
  writing: Set<string>;
  /** Normalised ids admins released for local packs: the sync leaves them alone. */
  overridden: Set<string>;
  log: SyncLog;
  /** Refusals logged one by one so far; past REFUSALS_LOGGED they are only counted. */
  refusalsLogged: { count: number };
}

/**
 * Refusals logged one line each per sync; the rest are counted and summed up in one line at the
 * end, so an upstream sending a million malformed items cannot flood the log.
 */
const REFUSALS_LOGGED = 20;

/**
 * Syncs one listing entry: skipped when a local pack holds the id or nothing changed since the
 * last sync, refused (logged, null) when malformed, otherwise read in full and written.
 */
async function syncOnePack(
  c: PackContext,
  item: unknown,
  now: string,
  packsHere: Map<string, PackHere>,
): Promise<{ id: string; written: boolean } | null> {
  const key = normalizeNodeId(itemId(item));
  const existing = packsHere.get(key);
  if (c.overridden.has(key) || (existing && existing.mirrored_from !== c.upstream)) {
    c.counts.packsSeen++;
    c.counts.localWins++;
    return null;
  }
  // Most entries are unchanged since the last sync. An entry with the same fingerprint as the one
  // written then passed the checks then, so it is not checked again: comparing is all it costs.
  if (
    !c.full &&
    existing?.status === 'NodeStatusActive' &&
    isRecord(item) &&
    existing.upstream_fingerprint === fingerprintOf(item)
  ) {
    c.counts.packsSeen++;
    c.counts.packsUnchanged++;
    return { id: existing.id, written: false };
  }
  const checked = checkItem(UpstreamNode, item);
  if (!checked.ok) return refuse(c, itemId(item), `pack refused: ${checked.problem}`);
  const node = checked.value;
  c.counts.packsSeen++;
  try {
    if (c.writing.has(key)) return null;
    c.writing.add(key);
    const publisherId = node.publisher?.id;
    if (!publisherId) return refuse(c, node.id, 'pack refused: it names no publisher');
    const fingerprint = fingerprintOf(node);
    if (!(await ensurePublisher(c, publisherId, node.publisher?.name ?? publisherId))) {
      // The local publisher's own pack of the same repository wins, under the upstream's id too.
      const learned = await learnUpstreamAlias(c.ctx, node, publisherId);
      if (learned.outcome === 'stored' || learned.outcome === 'known') {
        c.counts.localWins++;
        // Announced so cached answers for the id drop; never touched as synced: the pack is local.
        return learned.outcome === 'stored' ? { id: learned.nodeId, written: true } : null;
      }
      if (learned.outcome === 'taken') {
        return refuse(
          c,
          node.id,
          `alias refused: ${node.id} is already an id of ${learned.holder}, not of ${learned.nodeId}`,
        );
      }
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
    if (error instanceof UpstreamStatusError || error instanceof UpstreamRefusedError) {
      return refuse(c, node.id, `pack refused: ${error.message}`);
    }
    throw error;
  }
}

function refuse(c: PackContext, id: string, reason: string): null {
  c.counts.refused++;
  if (c.refusalsLogged.count < REFUSALS_LOGGED) {
    c.refusalsLogged.count++;
    c.log.warn({ upstream: c.upstream, item: id.slice(0, 200) }, reason.slice(0, 500));
  }
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
function ensurePublisher(c: PackContext, id: string, fallbackName: string): Promise<boolean> {
  // Packs of one publisher on pages worked on at once share the one answer.
  let answer = c.publishers.get(id);
  if (!answer) {
    answer = writePublisher(c, id, fallbackName);
    c.publishers.set(id, answer);
  }
  return answer;
}

async function writePublisher(c: PackContext, id: string, fallbackName: string): Promise<boolean> {
  const local = await findPublisher(c.ctx.db, id);
  if (local && local.mirrored_from !== c.upstream) return false;
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
      website: httpUrlOrEmpty(text('website')),
      support_email: text('support'),
      source_code_repo: httpUrlOrEmpty(text('source_code_repo')),
      logo_url: httpUrlOrEmpty(text('logo')),
      status: details.status === 'PublisherStatusBanned' ? 'PublisherStatusBanned' : 'PublisherStatusActive',
      mirrored_from: c.upstream,
      updated_at: nowIso(),
    });
  }
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

/**
 * A digest of what a listing entry says about a pack, leaving out counters that move on every
 * install. Taken of the entry as it arrives (checked or not), so an unchanged entry is known
 * before it is checked.
 */
export function fingerprintOf(entry: Readonly<Record<string, unknown>>): string {
  const { downloads: _d, github_stars: _s, rating: _r, ...stable } = entry;
  const latest = isRecord(entry.latest_version) ? entry.latest_version : undefined;
  const text = JSON.stringify({
    ...stable,
    latest_version: latest ? { version: latest.version, status: latest.status, id: latest.id } : null,
  });
  return hash('sha256', text);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
