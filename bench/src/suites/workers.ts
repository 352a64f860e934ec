import { readdirSync, readFileSync } from 'node:fs';
import { percent, round, spread } from '../measure.js';
import type { BenchRow, BenchSuite, LoadResult, RegistryProcess } from '../suite.js';
import { type QuerySource, realisticQueries, searchPaths } from './search/queries.js';

/** Worker counts measured side by side. */
const WORKER_COUNTS = [1, 2] as const;
/** Two workers against one: the throughput each kind of read must gain on two cores. */
const GAIN_GOALS = { catalogue: 1.3, search: 1.6 } as const;

interface Workload {
  kind: keyof typeof GAIN_GOALS;
  name: string;
  paths: string[];
}

/**
 * The servers run once with their answer caches and once without. With the caches, an answer costs
 * the server so little that the load generator, on the same two cores, is what runs out first; without
 * them every request is built from the database and the index, so the server's own work is measured.
 */
const CACHE_MODES = [
  { name: 'answer caches on', key: 'on', env: {} },
  { name: 'answer caches off', key: 'off', env: { SEARCH_CACHE_MAX_BYTES: '0', CATALOGUE_CACHE_MAX_BYTES: '0' } },
] as const;
type CacheMode = (typeof CACHE_MODES)[number];

/** A server under test: its worker count and cache mode. */
interface Variant {
  count: (typeof WORKER_COUNTS)[number];
  mode: CacheMode;
  server: RegistryProcess;
}

/**
 * Whether a gain of `goal`× is possible at all in this run: two workers cannot answer faster than
 * the load generator can ask, and the bare ceiling is about that rate on a machine the generator shares.
 */
function gainReachable(one: LoadResult, ceiling: LoadResult, goal: number): boolean {
  return one.requestsPerSecond * goal <= ceiling.requestsPerSecond;
}

/**
 * The same reads with WORKERS=1 and WORKERS=2 (Node cluster, one port), each next to the bare
 * `node:http` ceiling answering the same bytes in the same run: what the second worker buys.
 */
const workers: BenchSuite = {
  name: 'workers',
  title: 'Worker processes (WORKERS)',
  description:
    'The real ComfyUI-Manager catalogue imported with `registry import-manager-list`, served by the built server ' +
    '(SQLite) started once with `WORKERS=1` (one process, as before) and once with `WORKERS=2` (a cluster primary ' +
    'and two workers sharing the ports). Catalogue reads: autocannon rotating over up to 300 `GET /nodes?page=N&limit=30` ' +
    'pages spread across the catalogue and 300 `GET /nodes/{id}`. Search: 200 realistic searches drawn from the ' +
    'catalogue (as the search suite makes them, without class names). Both at the run’s connections (64 by ' +
    'default). The ceiling is one bare `node:http` process answering exactly the bytes the registry answered. ' +
    'Each worker count runs twice: with the answer caches (as deployed) and with `SEARCH_CACHE_MAX_BYTES=0` and ' +
    '`CATALOGUE_CACHE_MAX_BYTES=0`, so every answer is built and the server’s own work is what is measured. ' +
    'All four servers run at the same time and are loaded in turns with the ceiling, three rounds, median shown. ' +
    'Memory is the resident size of the server’s whole process tree after the loads. The load generator shares ' +
    'the machine with the workers.',
  async run(ctx) {
    const dataDir = ctx.tempDir('workers');
    ctx.log('registry import-manager-list ...');
    const imported = await ctx.cli(
      [
        'import-manager-list',
        '--nodes',
        ctx.managerData.nodes,
        '--node-map',
        ctx.managerData.nodeMap,
        '--stats',
        ctx.managerData.stats,
      ],
      { dataDir },
    );
    if (imported.code !== 0) throw new Error(`import-manager-list exited with ${imported.code}: ${imported.stderr}`);

    // All servers run side by side and are loaded in turns, round after round (the ceiling too),
    // so a shared machine's changing load falls on every variant alike; each row is the median round.
    const variants: Variant[] = [];
    for (const mode of CACHE_MODES) {
      for (const count of WORKER_COUNTS) {
        ctx.log(`WORKERS=${count}, ${mode.name}: starting`);
        const server = await ctx.startRegistry({ dataDir, env: { WORKERS: String(count), ...mode.env } });
        variants.push({ count, mode, server });
      }
    }
    const first = (variants[0] as Variant).server;
    const workloads = await workloadsFrom(first.url, ctx.options.quick);
    for (const variant of variants) await warmUp(variant.server, workloads, variant.count);

    const keyOf = (workload: Workload, variant: Variant) => `${workload.kind} ${variant.mode.key} ${variant.count}`;
    const rounds = ctx.options.quick ? 1 : 3;
    const results = new Map<string, LoadResult[]>();
    const record = (key: string, result: LoadResult) => results.set(key, [...(results.get(key) ?? []), result]);
    for (const workload of workloads) {
      const ceiling = await ctx.ceilingFor(first.url, workload.paths);
      try {
        for (let round = 1; round <= rounds; round++) {
          ctx.log(`${workload.kind}, round ${round}/${rounds}: ceiling`);
          record(`${workload.kind} ceiling`, await ctx.load({ url: ceiling.url, paths: workload.paths }));
          for (const variant of variants) {
            ctx.log(`${workload.kind}, round ${round}/${rounds}: WORKERS=${variant.count}, ${variant.mode.name}`);
            record(keyOf(workload, variant), await ctx.load({ url: variant.server.url, paths: workload.paths }));
          }
        }
      } finally {
        await ceiling.stop();
      }
    }
    const memory = new Map(variants.map((variant) => [variant, treeRssMiB(variant.server.pid)]));
    for (const variant of variants) await variant.server.stop();
    const median = (key: string): LoadResult | undefined => {
      const runs = [...(results.get(key) ?? [])].sort((x, y) => x.requestsPerSecond - y.requestsPerSecond);
      return runs[Math.floor(runs.length / 2)];
    };
    ctx.note(
      `Each figure is the median of ${rounds} rounds; in each round the ceiling and the four servers were ` +
        `loaded one after another. All rounds (req/s): ${[...results]
          .map(([key, runs]) => `${key}: ${runs.map((r) => Math.round(r.requestsPerSecond)).join(', ')}`)
          .join('; ')}.`,
    );

    const rows: BenchRow[] = [];
    for (const workload of workloads) {
      const ceiling = median(`${workload.kind} ceiling`);
      const goal = GAIN_GOALS[workload.kind];
      for (const variant of variants) {
        const run = median(keyOf(workload, variant));
        const one = median(`${workload.kind} ${variant.mode.key} 1`);
        if (!run || !ceiling || !one) continue;
        const gain = run.requestsPerSecond / Math.max(one.requestsPerSecond, 1);
        const reachable = gainReachable(one, ceiling, goal);
        rows.push({
          name: `${workload.name}, ${variant.mode.name}, WORKERS=${variant.count}`,
          values: {
            'req/s': round(run.requestsPerSecond, 0),
            'p50 ms': round(run.p50Ms, 1),
            'p99 ms': round(run.p99Ms, 1),
            errors: run.errors + run.non2xx,
            'ceiling req/s': round(ceiling.requestsPerSecond, 0),
            'of ceiling': percent(run.requestsPerSecond / Math.max(ceiling.requestsPerSecond, 1)),
            '× WORKERS=1': round(gain, 2),
            'RSS MiB (all processes)': round(memory.get(variant) ?? 0, 0),
          },
          ...(variant.count > 1
            ? {
                target: reachable
                  ? { goal: `≥ ${goal}× WORKERS=1`, met: gain >= goal }
                  : {
                      goal: `≥ ${goal}× WORKERS=1 (out of reach: one worker is at ${percent(one.requestsPerSecond / ceiling.requestsPerSecond)} of the generator’s ceiling)`,
                      met: gain >= 1,
                    },
              }
            : {}),
        });
      }
    }
    ctx.note(
      `${workloads[0]?.paths.length ?? 0} catalogue paths and ${workloads[1]?.paths.length ?? 0} searches. Each ` +
        'worker holds its own search index and caches, so memory grows with the worker count. Where one worker ' +
        'already answers more than 1/goal of what the bare ceiling answers, the generator rather than the server ' +
        'is the limit and the row only asks that two workers lose nothing (≥ 1×).',
    );
    return rows;
  },
};
export default workers;

/** The catalogue as the API lists it: pages to read, ids to fetch, texts to search for. */
async function workloadsFrom(url: string, quick: boolean): Promise<Workload[]> {
  const packs: QuerySource[] = [];
  for (let page = 1; ; page++) {
    const response = await fetch(`${url}/nodes?page=${page}&limit=1000`);
    const body = (await response.json()) as {
      nodes: { id: string; name?: string; description?: string; repository?: string; publisher?: { id?: string } }[];
      totalPages: number;
    };
    for (const node of body.nodes) {
      packs.push({
        id: node.id,
        name: node.name ?? node.id,
        description: node.description ?? '',
        repository: node.repository ?? '',
        publisherId: node.publisher?.id ?? '',
        comfyNodes: [],
      });
    }
    if (page >= body.totalPages || body.nodes.length === 0) break;
  }
  const pageCount = Math.ceil(packs.length / 30);
  const pages = spread(
    Array.from({ length: pageCount }, (_, i) => i + 1),
    quick ? 30 : 300,
  );
  const ids = spread(
    packs.map((p) => p.id),
    quick ? 30 : 300,
  );
  const searches = searchPaths(realisticQueries(packs, quick ? 40 : 200), packs);
  return [
    {
      kind: 'catalogue',
      name: 'catalogue reads (`/nodes?page=N`, `/nodes/{id}`)',
      paths: [...pages.map((p) => `/nodes?page=${p}&limit=30`), ...ids.map((id) => `/nodes/${encodeURIComponent(id)}`)],
    },
    { kind: 'search', name: 'search (`/nodes/search`)', paths: searches },
  ];
}

/**
 * Waits until the server's workers have started and gone idle (search index built), then asks
 * every path over fresh connections, once per worker (the cluster hands connections out in turn),
 * so no worker builds an answer for the first time under the measured load.
 */
async function warmUp(server: RegistryProcess, workloads: Workload[], count: number): Promise<void> {
  if (count > 1) await untilIdle(server.pid, count);
  for (const workload of workloads) {
    // Twice as many passes as workers: the connections of a pass need not alternate evenly.
    for (let pass = 0; pass < 2 * count; pass++) {
      for (let i = 0; i < workload.paths.length; i += 32) {
        await Promise.all(
          workload.paths
            .slice(i, i + 32)
            .map((p) => fetch(`${server.url}${p}`, { headers: { connection: 'close' } }).then((r) => r.text())),
        );
      }
    }
  }
}

/** Until `pid` has `count` children and none of them used CPU for a second (at most two minutes). */
async function untilIdle(pid: number, count: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  let last = '';
  while (Date.now() < deadline) {
    const kids = childrenOf(pid);
    const now = kids.map(cpuTicks).join(',');
    if (kids.length === count && now === last) return;
    last = now;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`the ${count} workers were not up and idle within two minutes`);
}

function cpuTicks(pid: number): number {
  try {
    // Fields after the command name: state is the 1st, utime the 12th and stime the 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return -1;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')
        .split(' ')
        .filter((c) => c.trim() !== '')
        .map(Number),
    );
  } catch {
    return [];
  }
}

/** Resident memory of a process and all its descendants (a cluster primary and its workers), in MiB. */
function treeRssMiB(pid: number): number {
  const rss = (id: number) => {
    try {
      const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${id}/status`, 'utf8'));
      return match ? Number(match[1]) / 1024 : 0;
    } catch {
      return 0;
    }
  };
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...childrenOf(all[i] as number));
  return all.reduce((sum, id) => sum + rss(id), 0);
}
