import path from 'node:path';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { type Percentiles, percentiles } from './percentiles.js';
import { type QuerySource, realisticQueries } from './queries.js';

/** The parts of the built server the probe uses (server/dist, loaded at run time). */
interface SearchDocumentLike extends QuerySource {
  comfyNodes: { name: string; displayName: string }[];
}
interface DatabaseModule {
  openDatabase(options: { sqlitePath: string }): { db: unknown; destroy(): Promise<void> };
}
interface RepositoryModule {
  loadSearchDocuments(db: unknown): Promise<SearchDocumentLike[]>;
}
interface MemorySearchLike {
  index: { upsert(doc: SearchDocumentLike): void; pack(): void; termCount: number };
  search(query: Record<string, unknown>): { total: number };
}
interface MemorySearchModule {
  MemorySearch: new () => MemorySearchLike;
}

export interface IndexProbe {
  packs: number;
  terms: number;
  /** Reading the documents from the database. */
  loadMs: number;
  /** Indexing them, wall and CPU time. */
  buildMs: number;
  buildCpuMs: number;
  /** Heap held by the index (documents included) after a full collection. */
  heapMiB: number;
  /** One search through the in-memory index (no HTTP, no database). */
  latency: Percentiles;
  /** CPU time of those searches, per search (varies less with other load than `latency`). */
  searchCpuMs: number;
  /** The catalogue, for building the query mix. */
  packsForQueries: QuerySource[];
}

async function load<T>(root: string, file: string): Promise<T> {
  return (await import(pathToFileURL(path.join(root, 'server/dist', file)).href)) as T;
}

/** A `gc()` function, whatever flags the process was started with. */
function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/**
 * Builds the search index in this process from a registry's SQLite file, exactly as the server
 * does at start (same code, from server/dist), and times the index itself: build, memory and
 * `rounds` passes over `queryCount` realistic queries.
 */
export async function probeIndex(
  root: string,
  sqlitePath: string,
  queryCount: number,
  rounds: number,
): Promise<IndexProbe> {
  const gc = collector();
  const { openDatabase } = await load<DatabaseModule>(root, 'db/database.js');
  const { loadSearchDocuments } = await load<RepositoryModule>(root, 'modules/search/repository.js');
  const { MemorySearch } = await load<MemorySearchModule>(root, 'engines/search-index/memory-search.js');
  const database = openDatabase({ sqlitePath });
  try {
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    const loadStart = performance.now();
    const documents = await loadSearchDocuments(database.db);
    const loadMs = performance.now() - loadStart;
    const buildStart = performance.now();
    const cpuStart = process.cpuUsage();
    const search = new MemorySearch();
    for (const document of documents) search.index.upsert(document);
    search.index.pack();
    const buildMs = performance.now() - buildStart;
    const buildCpuMs = process.cpuUsage(cpuStart).user / 1000;
    gc();
    const heapMiB = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;

    const queries = realisticQueries(documents, queryCount);
    const query = (text: string) => ({
      text,
      comfyNodeText: '',
      repositoryText: '',
      publisherIds: [],
      tags: [],
      os: [],
      accelerators: [],
      includeBanned: false,
      sort: 'relevance',
      offset: 0,
      limit: 20,
    });
    for (const text of queries) search.search(query(text));
    const samples: number[] = [];
    const searchCpuStart = process.cpuUsage();
    for (let round = 0; round < rounds; round++) {
      for (const text of queries) {
        const began = performance.now();
        search.search(query(text));
        samples.push(performance.now() - began);
      }
    }
    const searchCpu = process.cpuUsage(searchCpuStart);
    const searchCpuMs = (searchCpu.user + searchCpu.system) / 1000 / Math.max(1, samples.length);
    return {
      packs: documents.length,
      terms: search.index.termCount,
      loadMs,
      buildMs,
      buildCpuMs,
      heapMiB,
      latency: percentiles(samples),
      searchCpuMs,
      packsForQueries: documents,
    };
  } finally {
    await database.destroy();
  }
}
