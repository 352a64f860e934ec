import { readdirSync, readlinkSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { startThrowawayPostgres } from '../../../scripts/pg-throwaway.mjs';
import { startHostileUpstream } from '../hostile-upstream.js';
import { round } from '../measure.js';
import type { BenchContext, BenchRow, BenchSuite, RegistryProcess } from '../suite.js';
import { cliBody } from './publish.js';

/** Connections of the soak: readers, installers and publishers add up to 200. */
const READERS = 150;
const INSTALLERS = 42;
const PUBLISHERS = 8;
const DROPPED_UPLOADS = 200;
/** Upload URLs the dropped uploads take turns on (each drop waits for its URL to come back). */
const DROP_URLS = 4;

/**
 * Settings that make recovery observable within a benchmark: a killed job's lease runs out in
 * 5 s, the sweep runs every 2 s, and an analysis copy counts as left over after 2 × 30 s.
 */
const SERVER_ENV = {
  JOBS_LEASE_SECONDS: '5',
  LEFTOVER_SWEEP_INTERVAL_SECONDS: '2',
  ARCHIVE_ANALYSIS_TIMEOUT_SECONDS: '30',
  UPLOAD_IDLE_TIMEOUT_SECONDS: '5',
};

/**
 * What users depend on when things go wrong: a soak of reads, installs and publishes; uploads
 * dropped mid-body; the server killed with SIGKILL while it analyses an archive. Every row's
 * errors, lost data, leftover files and leaked descriptors must be zero.
 */
const reliability: BenchSuite = {
  name: 'reliability',
  title: 'Reliability',
  description:
    'The built server (`node server/dist/main.js`, SQLite) on a temporary DATA_DIR, with JOBS_LEASE_SECONDS=5, ' +
    'LEFTOVER_SWEEP_INTERVAL_SECONDS=2, ARCHIVE_ANALYSIS_TIMEOUT_SECONDS=30 and UPLOAD_IDLE_TIMEOUT_SECONDS=5 so ' +
    'recovery shows within the run. Soak: 150 connections reading (list, pack, versions, search), 42 installing ' +
    'one pack and 8 publishers publishing small packs the comfy-cli way, 200 connections for `--soak-seconds` ' +
    "(default 60); installs made are compared with the pack's download count and every published version must " +
    'become Active (the wait lasts until the analysis queue drains, reported in seconds). Dropped uploads: 200 PUTs to 4 signed URLs, each sending 20 KiB of a declared 1 MiB over raw ' +
    'TCP and destroying the socket once the server writes the partial blob; then the same URLs take full uploads. ' +
    'Crash: SIGKILL while an archive is analysed, restart on the same data, the version must become Active. ' +
    'Descriptors are counted in /proc/<pid>/fd of the server; leftover files are `*.partial` blobs and anything ' +
    'in DATA_DIR/tmp. Hostile upstream: a mirror whose upstream answers archives cut short, endless, gzip-inflating ' +
    'or with the wrong hash, 20 requests each. Database restart: the server on a throwaway PostgreSQL (two workers) ' +
    'under 8 connections reading a pack id no cache holds, PostgreSQL stopped with `pg_ctl stop -m fast` for 5 s ' +
    'and started again; counted are the answers while it was away and after, and the seconds from its start until ' +
    '`/ready` answers 200. Client and server share the machine.',
  async run(ctx) {
    const soakSeconds = ctx.options.soakSeconds ?? (ctx.options.quick ? 5 : 60);
    const dataDir = ctx.tempDir('reliability');
    const token = await makePublisher(ctx, dataDir);
    let server = await ctx.startRegistry({ dataDir, env: SERVER_ENV });
    const rows: BenchRow[] = [];

    // The pack everyone reads and installs.
    await publishAndUpload(server, token, 'rel-read', '1.0.0');
    await waitUntilSettled(server, [{ nodeId: 'rel-read', version: '1.0.0' }]);
    const downloadsBefore = await downloadsOf(server, 'rel-read');

    ctx.log(`reliability: soak, ${READERS + INSTALLERS + PUBLISHERS} connections for ${soakSeconds} s`);
    const deadline = Date.now() + soakSeconds * 1000;
    const published: { nodeId: string; version: string }[] = [];
    let publishErrors = 0;
    const installs = { made: 0, errors: 0 };
    const [reads] = await Promise.all([
      ctx.load({
        url: server.url,
        paths: ['/nodes?page=1&limit=10', '/nodes/rel-read', '/nodes/rel-read/versions', '/nodes/search?search=rel'],
        connections: READERS,
        durationSeconds: soakSeconds,
      }),
      // Installs are counted here, one by one, to compare with what the server counted.
      ...Array.from({ length: INSTALLERS }, async () => {
        while (Date.now() < deadline) {
          try {
            const answer = await fetch(`${server.url}/nodes/rel-read/install`);
            await answer.arrayBuffer();
            if (answer.status === 200) installs.made++;
            else installs.errors++;
          } catch {
            installs.errors++;
          }
        }
      }),
      ...Array.from({ length: PUBLISHERS }, async (_, p) => {
        for (let n = 0; Date.now() < deadline; n++) {
          const nodeId = `rel-pub-${p}`;
          const version = `1.0.${n}`;
          try {
            await publishAndUpload(server, token, nodeId, version);
            published.push({ nodeId, version });
          } catch (error) {
            publishErrors++;
            ctx.log(`reliability: ${(error as Error).message}`);
          }
        }
      }),
    ]);
    if (!reads) throw new Error('the load generator returned nothing');
    const soakEnded = performance.now();
    const notActive = await waitUntilSettled(server, published);
    const drainedS = (performance.now() - soakEnded) / 1000;
    const downloadsCounted = await eventuallyEqual(
      () => downloadsOf(server, 'rel-read').then((n) => n - downloadsBefore),
      installs.made,
    );
    const soakErrors = reads.errors + reads.non2xx + installs.errors + publishErrors;
    rows.push({
      name: `soak: ${READERS} readers + ${INSTALLERS} installers + ${PUBLISHERS} publishers for ${soakSeconds} s`,
      values: {
        requests: reads.requests + installs.made + installs.errors + published.length * 2,
        'reads/s': reads.requestsPerSecond,
        'installs/s': round(installs.made / soakSeconds, 0),
        'versions published': published.length,
        errors: soakErrors,
        'read p99 ms': round(reads.p99Ms, 0),
        'read timeouts (10 s)': reads.errors,
        'read non-2xx': reads.non2xx,
        'install errors': installs.errors,
        'publish errors': publishErrors,
        'installs made − counted': installs.made - downloadsCounted,
        'published − Active': notActive,
        'queue drained s': round(drainedS, 0),
      },
      target: {
        goal: 'errors and lost data 0',
        met: soakErrors === 0 && installs.made === downloadsCounted && notActive === 0,
      },
    });

    ctx.log(`reliability: ${DROPPED_UPLOADS} dropped uploads`);
    const urls: string[] = [];
    for (let i = 0; i < DROP_URLS; i++) urls.push(await publishOnly(server, token, 'rel-drop', `1.0.${i}`));
    const fdsBefore = descriptors(server.pid);
    let dropErrors = 0;
    await Promise.all(
      urls.map(async (url, i) => {
        for (let n = 0; n < DROPPED_UPLOADS / DROP_URLS; n++) {
          if (!(await dropUpload(url, dataDir, `1.0.${i}`))) dropErrors++;
        }
      }),
    );
    const fdsAfter = await settle(
      () => descriptors(server.pid),
      (n) => n <= fdsBefore,
    );
    const dropLeftovers = await settle(
      () => leftoverFiles(dataDir).length,
      (n) => n === 0,
    );
    let retried = 0;
    for (const [i, url] of urls.entries()) {
      const answer = await fetch(url, {
        method: 'PUT',
        headers: { 'content-type': 'application/zip' },
        body: smallPack('rel-drop', `1.0.${i}`),
      });
      await answer.arrayBuffer();
      if (answer.status === 200) retried++;
    }
    rows.push({
      name: `${DROPPED_UPLOADS} uploads dropped mid-body, then the same ${DROP_URLS} URLs retried`,
      values: {
        'drops not taken': dropErrors,
        'fds before': fdsBefore,
        'fds after': fdsAfter,
        'leftover files': dropLeftovers,
        'retries answered 200': `${retried}/${urls.length}`,
      },
      target: {
        goal: 'no leaked fd or file; every retry 200',
        met: dropErrors === 0 && fdsAfter <= fdsBefore && dropLeftovers === 0 && retried === urls.length,
      },
    });

    ctx.log('reliability: kill -9 during archive processing');
    await publishAndUpload(server, token, 'rel-kill', '1.0.0', largePack('rel-kill', '1.0.0'));
    const analysing = await settle(
      () => readdirSafe(path.join(dataDir, 'tmp')).filter((f) => f.endsWith('.zip')).length,
      (n) => n > 0,
      30_000,
      5,
    );
    process.kill(server.pid, 'SIGKILL');
    await server.stop();
    const restarted = performance.now();
    server = await ctx.startRegistry({ dataDir, env: SERVER_ENV });
    const lost = await waitUntilSettled(server, [{ nodeId: 'rel-kill', version: '1.0.0' }]);
    const recoveredS = (performance.now() - restarted) / 1000;
    const crashLeftovers = await settle(
      () => leftoverFiles(dataDir).length,
      (n) => n === 0,
      120_000,
      500,
    );
    const sweptS = (performance.now() - restarted) / 1000;
    const health = await fetch(`${server.url}/health`);
    rows.push({
      name: 'SIGKILL while an archive is analysed, then restart',
      values: {
        'killed mid-analysis': analysing > 0 ? 'yes' : 'no',
        'version Active after restart': lost === 0 ? 'yes' : 'no',
        'restart → Active s': round(recoveredS, 1),
        'leftover files': crashLeftovers,
        'restart → swept s': round(sweptS, 1),
        'health after': health.status,
      },
      target: {
        goal: 'recovered, nothing left over',
        met: analysing > 0 && lost === 0 && crashLeftovers === 0 && health.status === 200,
      },
    });
    ctx.note(
      'Leftover files after the crash are removed by the sweep (every 2 s here) once they are older than anything a ' +
        'live analysis could use (2 × the analysis timeout); the killed job runs again when its lease ends.',
    );
    await server.stop();

    rows.push(await hostileUpstreamRow(ctx));
    rows.push(await databaseRestartRow(ctx));
    return rows;
  },
};
export default reliability;

/**
 * A mirror whose upstream answers archives cut short, endless, gzip-inflating or with the wrong
 * hash, 20 requests each: the process must stay up, no client may receive a complete archive
 * that failed a check, and nothing is kept; the honest answer afterwards must be cached.
 */
async function hostileUpstreamRow(ctx: BenchContext): Promise<BenchRow> {
  const maxBytes = 1024 * 1024;
  const upstream = await startHostileUpstream(maxBytes);
  const server = await ctx.startRegistry({
    dataDir: ctx.tempDir('reliability-mirror'),
    env: {
      UPSTREAM_URL: upstream.url,
      UPSTREAM_RETRY_BASE_MS: '10',
      UPSTREAM_MAX_RETRIES: '1',
      MAX_ARCHIVE_BYTES: String(maxBytes),
    },
  });
  const archive = `${server.url}/files/acme/alpha/1.0.0/node.zip`;
  // The first sync runs at start: wait until it wrote the pack.
  for (let waited = 0; waited < 60_000; waited += 200) {
    if ((await fetch(`${server.url}/nodes/alpha/install`)).status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const alive = () => {
    try {
      process.kill(server.pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  let requests = 0;
  let badArchivesServed = 0;
  let serverErrors = 0;
  let exits = 0;
  for (const mode of ['truncated', 'endless', 'gzip-bomb', 'wrong-hash'] as const) {
    upstream.mode = mode;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        requests++;
        try {
          const answer = await fetch(archive);
          const body = Buffer.from(await answer.arrayBuffer());
          if (answer.status === 200 && body.length > 0) badArchivesServed++;
          if (answer.status >= 500 && answer.status !== 502 && answer.status !== 504) serverErrors++;
        } catch {
          // A transfer cut before its end: what a client must see.
        }
      }),
    );
    if (!alive()) exits++;
  }
  upstream.mode = 'honest';
  const good = alive() ? await fetch(archive) : null;
  const goodBytes = good ? Buffer.from(await good.arrayBuffer()) : Buffer.alloc(0);
  const cached = good?.status === 200 && goodBytes.equals(upstream.bytes);
  const health = alive() ? (await fetch(`${server.url}/health`)).status : 0;
  await server.stop();
  await upstream.close();
  return {
    name: 'mirror against a hostile upstream: 4 × 20 archive requests (cut short, endless, gzip bomb, wrong hash)',
    values: {
      requests,
      'process exits': exits,
      'bad archives served whole': badArchivesServed,
      '5xx other than 502/504': serverErrors,
      'honest archive cached after': cached ? 'yes' : 'no',
      'health after': health,
    },
    target: {
      goal: 'no exit, no bad archive served, no error, recovers',
      met: exits === 0 && badArchivesServed === 0 && serverErrors === 0 && cached && health === 200,
    },
  };
}

/** How long PostgreSQL stays stopped in the database-restart row. */
const DATABASE_DOWN_MS = 5000;

/**
 * The registry on PostgreSQL (two workers) under a steady stream of reads that each need the
 * database, while PostgreSQL is stopped (`pg_ctl stop -m fast`: every connection terminated, as a
 * restart or failover does) for 5 s and started again. Every process must stay up; a request
 * meanwhile may answer 503 with Retry-After, never anything else; the row reports how long
 * after the database is back `/ready` answers 200 again.
 */
async function databaseRestartRow(ctx: BenchContext): Promise<BenchRow> {
  const name = 'PostgreSQL stopped for 5 s under reads, then started again (2 workers)';
  const postgres = await startThrowawayPostgres();
  if (!postgres) {
    return { name, values: { skipped: 'PostgreSQL not installed' }, target: { goal: 'runs', met: false } };
  }
  try {
    const server = await ctx.startRegistry({
      dataDir: ctx.tempDir('reliability-postgres'),
      env: { DATABASE_URL: postgres.url, WORKERS: '2' },
    });
    const readyStatus = async () => {
      try {
        return (await fetch(`${server.url}/ready`, { signal: AbortSignal.timeout(10_000) })).status;
      } catch {
        return 0;
      }
    };
    for (let waited = 0; waited < 120_000 && (await readyStatus()) !== 200; waited += 200) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const counts = { requests: 0, ok: 0, unavailable: 0, unavailableWithoutRetryAfter: 0, otherErrors: 0 };
    let loading = true;
    // A pack id no cache has answered: every request reads the database.
    const load = Array.from({ length: 8 }, async (_, lane) => {
      for (let i = 0; loading; i++) {
        counts.requests++;
        try {
          const answer = await fetch(`${server.url}/nodes/restart-probe-${lane}-${i}`, {
            signal: AbortSignal.timeout(30_000),
          });
          await answer.arrayBuffer();
          if (answer.status === 404) counts.ok++;
          else if (answer.status === 503) {
            counts.unavailable++;
            if (!answer.headers.get('retry-after')) counts.unavailableWithoutRetryAfter++;
          } else counts.otherErrors++;
        } catch {
          counts.otherErrors++;
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    postgres.shutDown();
    await new Promise((resolve) => setTimeout(resolve, DATABASE_DOWN_MS));
    const readyWhileDown = await readyStatus();
    postgres.startAgain();
    const back = performance.now();
    let recoveredMs: number | null = null;
    while (performance.now() - back < 180_000) {
      if ((await readyStatus()) === 200) {
        recoveredMs = performance.now() - back;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Reads go on for a while after /ready came back: they must all be answered normally.
    const afterBack = { ...counts };
    await new Promise((resolve) => setTimeout(resolve, 2000));
    loading = false;
    await Promise.all(load);
    const okAfter = counts.ok - afterBack.ok;
    const failedAfter = counts.unavailable - afterBack.unavailable + (counts.otherErrors - afterBack.otherErrors);
    let alive = true;
    try {
      process.kill(server.pid, 0);
    } catch {
      alive = false;
    }
    const workersUp = alive && (await fetch(`${server.url}/health`)).status === 200;
    await server.stop();
    return {
      name,
      values: {
        requests: counts.requests,
        'answered normally': counts.ok,
        '503 (with Retry-After)': counts.unavailable - counts.unavailableWithoutRetryAfter,
        '503 without Retry-After': counts.unavailableWithoutRetryAfter,
        'other errors': counts.otherErrors,
        '/ready while down': readyWhileDown,
        's until /ready 200': recoveredMs === null ? 'never' : round(recoveredMs / 1000, 1),
        'failed after /ready 200': failedAfter,
        'normal answers after': okAfter,
        'process exits': alive ? 0 : 1,
      },
      target: {
        goal: 'no exit, only 503 with Retry-After while away, ready again, no failure after',
        met:
          alive &&
          workersUp &&
          counts.otherErrors === 0 &&
          counts.unavailableWithoutRetryAfter === 0 &&
          readyWhileDown === 503 &&
          recoveredMs !== null &&
          failedAfter === 0 &&
          okAfter > 0,
      },
    };
  } finally {
    postgres.stop();
  }
}

async function makePublisher(ctx: BenchContext, dataDir: string): Promise<string> {
  const steps = [
    ['create-admin', '--email', 'bench@example.test', '--password', 'bench-password-123'],
    ['create-publisher', '--id', 'rel', '--name', 'Reliability', '--owner', 'bench@example.test'],
    ['create-token', '--publisher', 'rel', '--name', 'bench'],
  ];
  let last = '';
  for (const args of steps) {
    const result = await ctx.cli(args, { dataDir });
    if (result.code !== 0) throw new Error(`registry ${args[0]} exited with ${result.code}: ${result.stderr}`);
    last = result.stdout.trim();
  }
  return last;
}

/** comfy-cli's first call: the version and its signed upload URL. */
async function publishOnly(server: RegistryProcess, token: string, nodeId: string, version: string): Promise<string> {
  const answer = await fetch(`${server.url}/publishers/rel/nodes/${nodeId}/versions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(cliBody(token, nodeId, version, 'Reliability pack')),
  });
  if (answer.status !== 201) throw new Error(`publish ${nodeId}@${version}: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { signedUrl: string }).signedUrl;
}

async function publishAndUpload(
  server: RegistryProcess,
  token: string,
  nodeId: string,
  version: string,
  zip = smallPack(nodeId, version),
): Promise<void> {
  const url = await publishOnly(server, token, nodeId, version);
  const answer = await fetch(url, { method: 'PUT', headers: { 'content-type': 'application/zip' }, body: zip });
  if (answer.status !== 200) throw new Error(`upload ${nodeId}@${version}: ${answer.status} ${await answer.text()}`);
  await answer.arrayBuffer();
}

/**
 * Waits until none of the versions is Pending and returns how many are not Active. A soak
 * publishes faster than two cores can analyse, so the wait lasts as long as the queue drains;
 * it gives up only when a minute passes without one more version settling.
 */
async function waitUntilSettled(
  server: RegistryProcess,
  versions: { nodeId: string; version: string }[],
): Promise<number> {
  const packs = [...new Set(versions.map((v) => v.nodeId))];
  let lastPending = Number.POSITIVE_INFINITY;
  let stalledSince = Date.now();
  for (;;) {
    const statuses = new Map<string, string>();
    for (const nodeId of packs) {
      const answer = await fetch(`${server.url}/nodes/${nodeId}/versions`);
      const list = (await answer.json()) as { version: string; status: string }[];
      for (const v of Array.isArray(list) ? list : []) statuses.set(`${nodeId}@${v.version}`, v.status);
    }
    const states = versions.map((v) => statuses.get(`${v.nodeId}@${v.version}`));
    const pending = states.filter((s) => s === 'NodeVersionStatusPending').length;
    if (pending < lastPending) {
      lastPending = pending;
      stalledSince = Date.now();
    }
    if (pending === 0 || Date.now() - stalledSince > 60_000) {
      return states.filter((s) => s !== 'NodeVersionStatusActive').length;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function downloadsOf(server: RegistryProcess, nodeId: string): Promise<number> {
  const answer = await fetch(`${server.url}/nodes/${nodeId}`);
  return ((await answer.json()) as { downloads: number }).downloads;
}

/** Reads `read` until it gives `expected` (up to 15 s); returns the last value. */
async function eventuallyEqual(read: () => Promise<number>, expected: number): Promise<number> {
  const deadline = Date.now() + 15_000;
  let value = await read();
  while (value !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    value = await read();
  }
  return value;
}

/** Reads `read` until `done` holds (up to `timeoutMs`); returns the last value. */
async function settle(
  read: () => number,
  done: (n: number) => boolean,
  timeoutMs = 15_000,
  everyMs = 50,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let value = read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    value = read();
  }
  return value;
}

/** Open descriptors of a process, sockets and files alike. */
function descriptors(pid: number): number {
  return readdirSafe(`/proc/${pid}/fd`).filter((fd) => {
    try {
      readlinkSync(`/proc/${pid}/fd/${fd}`);
      return true;
    } catch {
      return false;
    }
  }).length;
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** Half-written blobs and anything in the temporary folder. */
function leftoverFiles(dataDir: string): string[] {
  const partial = readdirSafe(path.join(dataDir, 'blobs'))
    .flatMap((publisher) => walk(path.join(dataDir, 'blobs', publisher)))
    .filter((f) => f.endsWith('.partial'));
  return [...partial, ...readdirSafe(path.join(dataDir, 'tmp'))];
}

function walk(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f));
  } catch {
    return [];
  }
}

/**
 * One dropped upload over raw TCP: the request head and 20 KiB of a declared 1 MiB, the socket
 * destroyed once the server writes the partial blob. A URL still held by the previous drop
 * (409) is tried again. False when the server never started writing.
 */
async function dropUpload(url: string, dataDir: string, version: string): Promise<boolean> {
  const target = new URL(url);
  const folder = path.join(dataDir, 'blobs', 'rel', 'rel-drop', version);
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const socket = net.connect(Number(target.port), target.hostname);
    let answered = '';
    socket.on('data', (chunk) => {
      answered += chunk.toString('utf8');
    });
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => undefined);
    socket.write(
      `PUT ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: application/zip\r\n` +
        `Content-Length: ${1024 * 1024}\r\n\r\n`,
    );
    socket.write(Buffer.alloc(20 * 1024, 80));
    const writing = await settle(
      () => (answered ? -1 : readdirSafe(folder).filter((f) => f.endsWith('.partial')).length),
      (n) => n !== 0,
      5_000,
      5,
    );
    socket.destroy();
    await closed;
    if (writing > 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}

/** A pack with `modules` node modules. */
function pack(nodeId: string, version: string, modules: number): Buffer {
  const files: Record<string, Uint8Array> = {
    'pyproject.toml': strToU8(
      `[project]\nname = "${nodeId}"\ndescription = "Reliability pack"\nversion = "${version}"\n` +
        `license = { text = "MIT" }\n\n[project.urls]\nRepository = "https://github.com/bench/${nodeId}"\n`,
    ),
  };
  const imports: string[] = [];
  for (let i = 0; i < modules; i++) {
    files[`nodes/node_${i}.py`] = strToU8(
      `class Node${i}:\n    @classmethod\n    def INPUT_TYPES(cls):\n        return {"required": {"image": ("IMAGE",)}}\n\n` +
        `    RETURN_TYPES = ("IMAGE",)\n    FUNCTION = "apply"\n    CATEGORY = "bench"\n\n` +
        `    def apply(self, image):\n        return (image,)\n${'\n# padding line for a realistic module size\n'.repeat(100)}`,
    );
    imports.push(`from .nodes.node_${i} import Node${i}`);
  }
  files['__init__.py'] = strToU8(
    `${imports.join('\n')}\n\nNODE_CLASS_MAPPINGS = {\n${Array.from({ length: modules }, (_, i) => `    "RelNode${i}": Node${i},`).join('\n')}\n}\n`,
  );
  return Buffer.from(zipSync(files, { level: 6 }));
}

const smallPack = (nodeId: string, version: string) => pack(nodeId, version, 3);
/** Large enough that its analysis takes a moment, so the kill lands during it. */
const largePack = (nodeId: string, version: string) => pack(nodeId, version, 400);
