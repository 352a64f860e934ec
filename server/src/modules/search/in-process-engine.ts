import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { CatalogueIndex } from '../../engines/search-index/catalogue-index.js';
import { mismatch, readIndexFile, writeIndexFile } from '../../engines/search-index/index-file.js';
import { MemorySearch } from '../../engines/search-index/memory-search.js';
import type { EventBus } from '../../lib/events.js';
import { ChangeFollower } from './change-follower.js';
import type { PackSuggestion, SearchEngine, SearchPage, SearchQuery, SearchStats } from './engine.js';
import {
  catalogueMark,
  IDS_PER_QUERY,
  loadPopularity,
  loadSearchDocuments,
  loadSearchDocumentsAfter,
} from './repository.js';

/**
 * Packs read per query while building the index. Each batch is indexed before the next is read,
 * so only one batch of rows is held at a time and the event loop (the API) gets a turn between
 * batches.
 */
const BUILD_BATCH = 2000;

export interface InProcessEngineOptions {
  pollMs: number;
  popularityRefreshMs: number;
  /**
   * Where the index is saved when the engine stops and read back at the next start (see
   * `index-file.ts`); null: always index the catalogue from the database.
   */
  indexFile: string | null;
  /** Where failures of background work (polls, refreshes) are reported. */
  onError: (error: unknown, context: string) => void;
  /** Where the engine says how it came by its index (read back, or why not). */
  onNotice: (message: string) => void;
}

/**
 * The search engine that lives in the API process: the whole catalogue in a `MemorySearch`,
 * built from the database at start and then kept current, per changed pack, from this
 * instance's `catalogue:changed` events (at once) and the change feed (other instances' writes).
 *
 * The index is saved once it is first built and again when the engine stops; the next start
 * reads it back and applies the changes the feed has recorded since, instead of indexing the
 * whole catalogue again (seconds at 100k packs). A saved index of another build, another
 * database or an older schema is not used.
 *
 * Updates run one after another on a queue, and every search first waits for the queue, so a
 * search made after a write on this instance always sees it.
 */
export class InProcessSearchEngine implements SearchEngine {
  private memory = new MemorySearch();
  private readonly follower: ChangeFollower;
  private updates: Promise<void> = Promise.resolve();
  private started: Promise<void> | null = null;
  private popularityTimer: NodeJS.Timeout | null = null;
  private buildMs = 0;
  private built = false;
  private restored = false;
  private stopped = false;
  /** The save in progress, if any: saves never overlap (they share a temporary file). */
  private saving: Promise<void> = Promise.resolve();
  private readonly retries = new Set<NodeJS.Timeout>();
  private readonly onChanged = (nodeIds: string[]) => {
    void this.refresh(nodeIds);
  };

  constructor(
    private readonly db: Kysely<Database>,
    private readonly events: EventBus,
    private readonly options: InProcessEngineOptions,
  ) {
    this.follower = new ChangeFollower(db, (ids) => this.refresh(ids), {
      pollMs: options.pollMs,
      onError: (error) => options.onError(error, 'reading the catalogue change feed'),
    });
  }

  /** Builds the index once; a failed build (database unreachable, say) is tried again by the next caller. */
  start(): Promise<void> {
    this.started ??= this.build().catch((error: unknown) => {
      this.started = null;
      throw error;
    });
    return this.started;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    // A pack whose reload failed and waits for a retry is missing from the index though the feed
    // is past its change: such an index is not saved (an older saved one stays valid).
    const complete = this.retries.size === 0;
    for (const timer of this.retries) clearTimeout(timer);
    this.retries.clear();
    this.events.off('catalogue:changed', this.onChanged);
    if (this.popularityTimer) clearInterval(this.popularityTimer);
    this.popularityTimer = null;
    await this.follower.stop();
    await this.updates;
    await this.saving;
    if (this.built && complete) await this.save();
  }

  refresh(nodeIds: readonly string[]): Promise<void> {
    const ids = [...new Set(nodeIds)];
    this.updates = this.updates
      .then(() => this.reload(ids))
      .catch((error: unknown) => {
        this.options.onError(error, 'updating the search index');
        this.retryLater(ids);
      });
    return this.updates;
  }

  async search(query: SearchQuery): Promise<SearchPage> {
    await this.ready();
    return this.memory.search(query);
  }

  async suggestPacks(text: string, limit: number): Promise<PackSuggestion[]> {
    await this.ready();
    return this.memory.suggestPacks(text, limit);
  }

  async revision(): Promise<number> {
    await this.ready();
    return this.memory.index.revision;
  }

  stats(): SearchStats {
    return {
      packs: this.memory.index.size,
      terms: this.memory.index.termCount,
      buildMs: this.buildMs,
      built: this.built,
      restored: this.restored,
      watermark: this.follower.position,
    };
  }

  /** Reads the feed now instead of at the next poll (tests, and start-up catch-up). */
  pollChanges(): Promise<void> {
    return this.follower.poll();
  }

  private async ready(): Promise<void> {
    await this.start();
    await this.updates;
  }

  private async build(): Promise<void> {
    const began = performance.now();
    const restored = await this.restore();
    if (!restored) await this.indexCatalogue();
    this.buildMs = Math.round(performance.now() - began);
    this.built = true;
    if (this.stopped) return;
    this.follower.start();
    this.popularityTimer = setInterval(() => void this.refreshPopularity(), this.options.popularityRefreshMs);
    this.popularityTimer.unref();
    // Saved at once too, not only at a clean stop: after a crash or a kill, the next start then
    // reads this index and applies the feed since, instead of indexing everything again. After
    // the searches already waiting for the index have their turn.
    if (!restored) setImmediate(() => void this.saveInBackground());
  }

  private saveInBackground(): Promise<void> {
    // (A pack waiting for a retried reload would be missing from it: see `stop`.)
    if (this.stopped || this.retries.size > 0) return this.saving;
    this.saving = this.saving.then(() => this.save());
    return this.saving;
  }

  /**
   * Reads the saved index back and applies what the feed recorded since it was saved, with the
   * popularity figures as they are now. False when there is no saved index that fits.
   */
  private async restore(): Promise<boolean> {
    const file = this.options.indexFile;
    if (!file) return false;
    let index: CatalogueIndex;
    let position: number;
    try {
      const saved = await readIndexFile(file);
      if (!saved) return false;
      position = saved.header.catalogue.watermark;
      const unfit = await mismatch(saved.header, await catalogueMark(this.db, position));
      if (unfit) {
        saved.discard();
        this.options.onNotice(`search: the saved index was not used: ${unfit}`);
        return false;
      }
      index = CatalogueIndex.fromImage(saved.image());
    } catch (error) {
      this.options.onError(error, 'reading the saved search index');
      return false;
    }
    const savedPacks = index.size;
    this.memory = new MemorySearch(index);
    this.follower.resumeFrom(position);
    this.listenForChanges();
    await this.follower.poll();
    await this.updates;
    this.restored = true;
    this.options.onNotice(
      `search: read the saved index of ${savedPacks} packs and applied the changes after position ${position} (now ${index.size} packs)`,
    );
    return true;
  }

  /** Applies this instance's writes as they are announced (once, however often the build is retried). */
  private listenForChanges(): void {
    this.events.off('catalogue:changed', this.onChanged);
    this.events.on('catalogue:changed', this.onChanged);
  }

  /** Saves the index for the next start; a failure only costs that start a full build. */
  private async save(): Promise<void> {
    const file = this.options.indexFile;
    if (!file) return;
    try {
      const mark = await catalogueMark(this.db, this.follower.settledPosition);
      // An empty feed: nothing to tell this catalogue from another one by.
      if (!mark) return;
      await writeIndexFile(file, mark, () => this.memory.index.image());
    } catch (error) {
      this.options.onError(error, 'saving the search index');
    }
  }

  /** Indexes the whole catalogue from the database. */
  private async indexCatalogue(): Promise<void> {
    // The feed position first: anything written while the catalogue loads is applied again after.
    await this.follower.init();
    this.listenForChanges();
    // On the update queue, so a write announced meanwhile is applied after the full load.
    const load = this.updates.then(async () => {
      let after: string | null = null;
      while (!this.stopped) {
        const documents = await loadSearchDocumentsAfter(this.db, after, BUILD_BATCH);
        for (const document of documents) this.memory.index.upsert(document);
        const last = documents.at(-1);
        if (!last || documents.length < BUILD_BATCH) break;
        after = last.id;
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      this.memory.index.pack();
    });
    this.updates = load.catch(() => undefined);
    await load;
  }

  private async reload(nodeIds: string[]): Promise<void> {
    for (let i = 0; i < nodeIds.length; i += IDS_PER_QUERY) {
      const chunk = nodeIds.slice(i, i + IDS_PER_QUERY);
      const documents = await loadSearchDocuments(this.db, chunk);
      const present = new Set(documents.map((d) => d.id));
      for (const document of documents) this.memory.index.upsert(document);
      for (const id of chunk) if (!present.has(id)) this.memory.index.remove(id);
    }
  }

  /** A failed reload (the database was unreachable, say) is tried again: the feed will not repeat it. */
  private retryLater(ids: string[]): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.retries.delete(timer);
      void this.refresh(ids);
    }, this.options.pollMs);
    timer.unref();
    this.retries.add(timer);
  }

  private async refreshPopularity(): Promise<void> {
    try {
      this.memory.index.setPopularity(await loadPopularity(this.db));
    } catch (error) {
      this.options.onError(error, 'refreshing popularity figures');
    }
  }
}
