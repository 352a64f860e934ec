import { walkCatalogue } from '../catalogue-walk.js';
import { type CeilingComparison, compareWithCeiling, percent, round, spread } from '../measure.js';
import type { BenchContext, BenchRow, BenchSuite, RegistryProcess } from '../suite.js';

/** Distinct URLs per endpoint: enough to defeat a single hot cache line, few enough to capture. */
const PATHS_PER_ENDPOINT = 500;

interface Environment {
  label: string;
  /** Req/s of the same endpoints on the Manager catalogue, to show how figures scale. */
  baseline?: Map<string, number>;
  targets: boolean;
  /** Whether packs have stored archives, without which install has nothing to hand out. */
  install: boolean;
  /** Milliseconds per walked page on the Manager catalogue: a walk should grow with its pages only. */
  baselineMsPerPage?: number;
  /** Goals of the big set: walk seconds, and resident memory after start and the walk. */
  scale?: { walkSeconds: number; rssMiB: number };
}

/**
 * The read path ComfyUI-Manager and the web app hit hardest, on the real Manager catalogue and
 * on a 100k-pack synthetic one, each endpoint next to a bare `node:http` ceiling.
 */
const catalogue: BenchSuite = {
  name: 'catalogue',
  title: 'Catalogue reads',
  description:
    'The built server (`node server/dist/main.js`, SQLite) on a temporary DATA_DIR. Data set 1: the real ' +
    'ComfyUI-Manager catalogue imported with `registry import-manager-list` (5,883 unclaimed packs without ' +
    'versions, 41,398 class names) plus 1,000 packs from `registry seed-demo --seed 1 --versions-per-pack 3` ' +
    '(the imported packs have no versions, so versions and install use the seeded ones). Data set 2: 100,000 ' +
    'packs from `seed-demo --seed 2 --versions-per-pack 1 --archives none` (reads only). Each server first ' +
    'answers one search (its search index builds in the background after start), then is walked page by ' +
    'page (`GET /nodes?page=N&limit=30`, one request at a time, with `fetch`, which asks for gzip as ' +
    'ComfyUI-Manager does) and memory is read; the same walk then runs against a bare `node:http` server ' +
    'answering the pages the registry sent, gzip-compressed: what the client and HTTP alone cost on this ' +
    'machine. Each endpoint is loaded with ' +
    'autocannon (64 connections, rotating over up to 500 URLs) and then the same URLs are loaded on a bare ' +
    '`node:http` server answering the bytes the registry sent: the ceiling. Client, server and ceiling share ' +
    'the machine.',
  async run(ctx) {
    const rows: BenchRow[] = [];
    const quick = ctx.options.quick;

    const managerDir = ctx.tempDir('manager');
    const imported = await cli(ctx, managerDir, [
      'import-manager-list',
      '--nodes',
      ctx.managerData.nodes,
      '--node-map',
      ctx.managerData.nodeMap,
      '--stats',
      ctx.managerData.stats,
    ]);
    const importSeconds = Number(/Took ([\d.]+) s/.exec(imported.stdout)?.[1] ?? Number.NaN);
    rows.push({
      name: 'import-manager-list: 5,896 entries, 42k class names',
      values: { seconds: round(importSeconds, 2), 'CLI wall s': round(imported.ms / 1000, 2) },
      target: { goal: 'import ≤ 5 s', met: importSeconds <= 5 },
    });
    const seedPacks = quick ? 200 : 1000;
    const seeded = await cli(ctx, managerDir, [
      'seed-demo',
      '--packs',
      String(seedPacks),
      '--seed',
      '1',
      '--versions-per-pack',
      '3',
    ]);
    rows.push({
      name: `seed-demo: ${seedPacks} packs × 3 versions with archives`,
      values: { 'CLI wall s': round(seeded.ms / 1000, 1) },
    });

    const manager = await ctx.startRegistry({ dataDir: managerDir });
    const managerRows = await measure(ctx, manager, { label: 'Manager', targets: true, install: true });
    rows.push(...managerRows.rows);
    await manager.stop();

    const bigPacks = quick ? 5_000 : 100_000;
    const bigDir = ctx.tempDir('synthetic');
    const seededBig = await cli(ctx, bigDir, [
      'seed-demo',
      '--packs',
      String(bigPacks),
      '--seed',
      '2',
      '--versions-per-pack',
      '1',
      '--archives',
      'none',
    ]);
    rows.push({
      name: `seed-demo: ${bigPacks.toLocaleString('en-US')} packs × 1 version, no archives`,
      values: { 'CLI wall s': round(seededBig.ms / 1000, 1) },
    });
    const big = await ctx.startRegistry({ dataDir: bigDir });
    const bigRows = await measure(ctx, big, {
      label: `${bigPacks / 1000}k`,
      baseline: managerRows.requestsPerSecond,
      baselineMsPerPage: managerRows.msPerPage,
      targets: false,
      install: false,
      scale: { walkSeconds: 3, rssMiB: 450 },
    });
    ctx.note(
      `The ${bigPacks / 1000}k set has no stored archives (one file per pack would dominate seeding), so install ` +
        'is measured on the Manager set only.',
    );
    rows.push(...bigRows.rows);
    await big.stop();
    return rows;
  },
};
export default catalogue;

async function cli(ctx: BenchContext, dataDir: string, args: string[]) {
  ctx.log(`registry ${args[0]} ...`);
  const result = await ctx.cli(args, { dataDir });
  if (result.code !== 0)
    throw new Error(`registry ${args[0]} exited with ${result.code}: ${result.stderr.slice(-500)}`);
  return result;
}

/** The walk, the four endpoints against their ceilings, and memory, on one running server. */
async function measure(
  ctx: BenchContext,
  server: RegistryProcess,
  env: Environment,
): Promise<{ rows: BenchRow[]; requestsPerSecond: Map<string, number>; msPerPage: number }> {
  const rows: BenchRow[] = [];
  const perSecond = new Map<string, number>();
  // The search index builds in the background after start; the walk is measured once it is in,
  // as it runs for the rest of the server's life (start-up is the search suite's and the probe's).
  const searched = await fetch(`${server.url}/nodes/search?search=node&limit=1`);
  if (!searched.ok) throw new Error(`search answered ${searched.status}`);
  ctx.log(`${env.label}: walking GET /nodes`);
  await walkCatalogue(server.url, 30, 100); // warm-up: first touches of the database and code paths
  const walk = await walkCatalogue(server.url);
  const msPerPage = walk.ms / Math.max(1, walk.pages);
  const walkTarget = env.scale
    ? { goal: `≤ ${env.scale.walkSeconds} s`, met: walk.ms <= env.scale.walkSeconds * 1000 }
    : env.targets
      ? { goal: '< 2 s', met: walk.ms < 2000 }
      : undefined;
  rows.push({
    name: `[${env.label}] walk: all ${walk.pages.toLocaleString('en-US')} pages of ${walk.total.toLocaleString('en-US')} packs, limit=30, sequential`,
    values: {
      seconds: round(walk.ms / 1000, 2),
      'slowest page ms': round(walk.slowestPageMs, 1),
      'ms per page': round(msPerPage, 2),
      ...(env.baselineMsPerPage ? { 'vs Manager set': `${round(msPerPage / env.baselineMsPerPage, 2)}×` } : {}),
    },
    ...(walkTarget ? { target: walkTarget } : {}),
  });
  if (env.scale) {
    const rss = server.rssMiB();
    rows.push({
      name: `[${env.label}] server memory after start and the walk`,
      values: { 'RSS MiB': round(rss, 0), 'peak RSS MiB': round(server.peakRssMiB(), 0) },
      target: { goal: `RSS ≤ ${env.scale.rssMiB} MiB`, met: rss > 0 && rss <= env.scale.rssMiB },
    });
  }

  rows.push(await walkFloor(ctx, server.url, env, walk));

  const pages = spread(
    Array.from({ length: walk.pages }, (_, i) => i + 1),
    PATHS_PER_ENDPOINT,
  );
  const ids = spread(walk.ids, PATHS_PER_ENDPOINT).map(encodeURIComponent);
  const installable = spread(walk.installable, PATHS_PER_ENDPOINT).map(encodeURIComponent);
  if (installable.length === 0) throw new Error('no pack with an installable version was listed');
  const endpoints: { name: string; paths: string[]; kind: 'read' | 'install' }[] = [
    { name: 'GET /nodes?page=N&limit=30', paths: pages.map((p) => `/nodes?page=${p}&limit=30`), kind: 'read' },
    { name: 'GET /nodes/{id}', paths: ids.map((id) => `/nodes/${id}`), kind: 'read' },
    { name: 'GET /nodes/{id}/versions', paths: installable.map((id) => `/nodes/${id}/versions`), kind: 'read' },
    { name: 'GET /nodes/{id}/install', paths: installable.map((id) => `/nodes/${id}/install`), kind: 'install' },
  ];
  for (const endpoint of endpoints.filter((e) => env.install || e.kind !== 'install')) {
    ctx.log(`${env.label}: ${endpoint.name} (${endpoint.paths.length} URLs)`);
    const result = await compareWithCeiling(ctx, server.url, endpoint.paths);
    perSecond.set(endpoint.name, result.server.requestsPerSecond);
    rows.push(endpointRow(ctx, `[${env.label}] ${endpoint.name}`, endpoint.kind, result, env, endpoint.name));
  }

  const rss = server.rssMiB();
  const peak = server.peakRssMiB();
  rows.push({
    name: `[${env.label}] server memory after the runs above`,
    values: { 'RSS MiB': round(rss, 0), 'peak RSS MiB': round(peak, 0) },
    ...(env.targets ? { target: { goal: 'RSS < 300 MiB', met: rss > 0 && rss < 300 } } : {}),
  });
  return { rows, requestsPerSecond: perSecond, msPerPage };
}

/**
 * The same walk against a bare `node:http` server answering the pages the registry sent,
 * gzip-compressed as the registry sends them to this client: what the client, HTTP and the
 * machine cost before the registry does anything, for reading the walk's time and its target.
 */
async function walkFloor(
  ctx: BenchContext,
  url: string,
  env: Environment,
  walk: { pages: number; ms: number },
): Promise<BenchRow> {
  ctx.log(`${env.label}: the same walk against a bare server`);
  const paths = Array.from({ length: walk.pages }, (_, i) => `/nodes?page=${i + 1}&limit=30`);
  const bare = await ctx.ceilingFor(url, paths, { gzip: true });
  try {
    await walkCatalogue(bare.url, 30, 100);
    const floor = await walkCatalogue(bare.url);
    return {
      name: `[${env.label}] the same walk against a bare server answering the same pages (client and HTTP only)`,
      values: {
        seconds: round(floor.ms / 1000, 2),
        'slowest page ms': round(floor.slowestPageMs, 1),
        'ms per page': round(floor.ms / Math.max(1, floor.pages), 2),
        'of the walk': `${Math.round((floor.ms / walk.ms) * 100)}%`,
      },
    };
  } finally {
    await bare.stop();
  }
}

function endpointRow(
  ctx: BenchContext,
  name: string,
  kind: 'read' | 'install',
  { server, ceiling, ratio }: CeilingComparison,
  env: Environment,
  key: string,
): BenchRow {
  if (server.errors > 0 || server.non2xx > 0) {
    ctx.note(
      `${name}: ${server.non2xx} answers outside 2xx/3xx and ${server.errors} errors of ${server.requests} requests.`,
    );
  }
  const baseline = env.baseline?.get(key);
  const values: BenchRow['values'] = {
    'req/s': server.requestsPerSecond,
    'p50 ms': server.p50Ms,
    'p99 ms': server.p99Ms,
    'ceiling req/s': ceiling.requestsPerSecond,
    'of ceiling': percent(ratio),
    ...(baseline ? { 'vs Manager set': `${round(server.requestsPerSecond / baseline, 2)}×` } : {}),
  };
  if (!env.targets) return { name, values };
  const clean = server.errors === 0 && server.non2xx === 0;
  const target =
    kind === 'read'
      ? { goal: '≥ 50% of ceiling, p99 ≤ 20 ms', met: clean && ratio >= 0.5 && server.p99Ms <= 20 }
      : { goal: '≥ 3,000 req/s', met: clean && server.requestsPerSecond >= 3000 };
  return { name, values, target };
}
