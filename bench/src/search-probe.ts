import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cpuMs, startRegistry, stopAll } from './processes.js';
import { probeHttp } from './suites/search/http-probe.js';
import { probeIndex } from './suites/search/index-probe.js';
import { realisticQueries, searchPaths } from './suites/search/queries.js';

/**
 * `npx tsx src/search-probe.ts --data-dir <dir> [--rounds 3] [--queries 200] [--index-only]`: the search suite's
 * measures of one data set without throughput runs, as one JSON line: the index built in this
 * process (load, build wall and CPU time, heap, latency), then the built server (time until a
 * search answers, server time of searches not asked before, the server's CPU time for them, RSS).
 * CPU time and per-search server time vary less with other load on the machine than throughput.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const round2 = (value: number) => Math.round(value * 100) / 100;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      rounds: { type: 'string' },
      queries: { type: 'string' },
      'index-only': { type: 'boolean' },
    },
  });
  const dataDir = values['data-dir'];
  if (!dataDir) throw new Error('--data-dir is required');
  const rounds = Number(values.rounds ?? 3);
  const count = Number(values.queries ?? 200);
  const index = await probeIndex(root, path.join(dataDir, 'registry.sqlite'), count, rounds);
  const indexSummary = {
    loadMs: Math.round(index.loadMs),
    buildMs: Math.round(index.buildMs),
    buildCpuMs: Math.round(index.buildCpuMs),
    heapMiB: Math.round(index.heapMiB),
    p50: round2(index.latency.p50),
    p95: round2(index.latency.p95),
    searchCpuMs: round2(index.searchCpuMs),
  };
  if (values['index-only']) {
    process.stdout.write(`${JSON.stringify({ packs: index.packs, index: indexSummary })}\n`);
    return;
  }
  const paths = searchPaths(realisticQueries(index.packsForQueries, count), index.packsForQueries);

  const began = performance.now();
  const server = await startRegistry(root, { dataDir });
  const ready = await fetch(`${server.url}/nodes/search?search=node&limit=1`);
  if (!ready.ok) throw new Error(`search answered ${ready.status}`);
  const searchReadyMs = performance.now() - began;
  const startCpuMs = cpuMs(server.pid);
  const cpuBefore = cpuMs(server.pid);
  const http = await probeHttp(server.url, paths, 2);
  // probeHttp asks each path three times (warm-up with another page size, cold, cached).
  const cpuPerSearchMs = (cpuMs(server.pid) - cpuBefore) / (paths.length * 3);
  const summary = {
    packs: index.packs,
    index: indexSummary,
    server: {
      searchReadyMs: Math.round(searchReadyMs),
      cpuToReadyMs: startCpuMs,
      coldP50: round2(http.cold.p50),
      coldP95: round2(http.cold.p95),
      searchP95: round2(http.search.p95),
      loadP95: round2(http.load.p95),
      cachedP50: round2(http.cached.p50),
      cpuPerSearchMs: round2(cpuPerSearchMs),
      rssMiB: Math.round(server.rssMiB()),
      failures: http.failures,
    },
  };
  process.stdout.write(`${JSON.stringify(summary)}\n`);
  await server.stop();
}

main().then(
  () => stopAll(),
  async (error: unknown) => {
    process.stderr.write(`probe failed: ${error instanceof Error ? error.message : String(error)}\n`);
    await stopAll();
    process.exit(1);
  },
);
