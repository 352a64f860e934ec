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
    'Both servers run at the same time and are loaded in turns with the ceiling, three rounds, median shown. Memory is the resident size of the server’s whole process tree ' +
    'after the loads. The load generator shares the machine with the workers.',
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

    // Both servers run side by side and are loaded in turns, round after round (the ceiling too),
    // so a shared machine's changing load falls on every variant alike; each row is the median round.
    const servers = new Map<number, RegistryProcess>();
    for (const count of WORKER_COUNTS) {
      ctx.log(`WORKERS=${count}: starting`);
      servers.set(count, await ctx.startRegistry({ dataDir, env: { WORKERS: String(count) } }));
    }
    const first = servers.get(1) as RegistryProcess;
    const workloads = await workloadsFrom(first.url, ctx.options.quick);
    for (const [count, server] of servers) await warmUp(server, workloads, count);

    const rounds = ctx.options.quick ? 1 : 3;
    const results = new Map<string, LoadResult[]>();
    const record = (key: string, result: LoadResult) => results.set(key, [...(results.get(key) ?? []), result]);
    for (const workload of workloads) {
      const ceiling = await ctx.ceilingFor(first.url, workload.paths);
      try {
        for (let round = 1; round <= rounds; round++) {
          ctx.log(`${workload.kind}, round ${round}/${rounds}: ceiling`);
          record(`${workload.kind} ceiling`, await ctx.load({ url: ceiling.url, paths: workload.paths }));
          for (const [count, server] of servers) {
            ctx.log(`${workload.kind}, round ${round}/${rounds}: WORKERS=${count}`);
            record(`${workload.kind} ${count}`, await ctx.load({ url: server.url, paths: workload.paths }));
          }
        }
      } finally {
        await ceiling.stop();
      }
    }
    const memory = new Map([...servers].map(([count, server]) => [count, treeRssMiB(server.pid)]));
    for (const server of servers.values()) await server.stop();
    const median = (key: string): LoadResult | undefined => {
      const runs = [...(results.get(key) ?? [])].sort((x, y) => x.requestsPerSecond - y.requestsPerSecond);
      return runs[Math.floor(runs.length / 2)];
    };
    const measured = new Map<string, { result: LoadResult; rssMiB: number }>();
    const ceilings = new Map<string, LoadResult>();
    for (const workload of workloads) {
      const ceiling = median(`${workload.kind} ceiling`);
      if (ceiling) ceilings.set(workload.kind, ceiling);
      for (const count of WORKER_COUNTS) {
        const result = median(`${workload.kind} ${count}`);
        if (result) measured.set(`${workload.kind} ${count}`, { result, rssMiB: memory.get(count) ?? 0 });
      }
    }
    ctx.note(
      `Each figure is the median of ${rounds} rounds; in each round the ceiling, WORKERS=1 and WORKERS=2 were ` +
        `loaded one after another. All rounds (req/s): ${[...results]
          .map(([key, runs]) => `${key}: ${runs.map((r) => Math.round(r.requestsPerSecond)).join(', ')}`)
          .join('; ')}.`,
    );

    const rows: BenchRow[] = [];
    for (const workload of workloads) {
      const ceiling = ceilings.get(workload.kind);
      const one = measured.get(`${workload.kind} 1`);
      for (const count of WORKER_COUNTS) {
        const run = measured.get(`${workload.kind} ${count}`);
        if (!run || !ceiling || !one) continue;
        const gain = run.result.requestsPerSecond / Math.max(one.result.requestsPerSecond, 1);
        const goal = GAIN_GOALS[workload.kind];
        rows.push({
          name: `${workload.name}, WORKERS=${count}`,
          values: {
            'req/s': round(run.result.requestsPerSecond, 0),
            'p50 ms': round(run.result.p50Ms, 1),
            'p99 ms': round(run.result.p99Ms, 1),
            errors: run.result.errors + run.result.non2xx,
            'ceiling req/s': round(ceiling.requestsPerSecond, 0),
            'of ceiling': percent(run.result.requestsPerSecond / Math.max(ceiling.requestsPerSecond, 1)),
            '× WORKERS=1': round(gain, 2),
            'RSS MiB (all processes)': round(run.rssMiB, 0),
          },
          ...(count > 1 ? { target: { goal: `≥ ${goal}× WORKERS=1`, met: gain >= goal } } : {}),
        });
      }
    }
    ctx.note(
      `${workloads[0]?.paths.length ?? 0} catalogue paths and ${workloads[1]?.paths.length ?? 0} searches. Each ` +
        'worker holds its own search index and caches, so memory grows with the worker count.',
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
