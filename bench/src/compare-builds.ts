// Compares two builds of the registry on the catalogue reads by the server's own CPU time per
// request, which other load on a shared machine disturbs far less than requests per second.
//
//   npx tsx src/compare-builds.ts --build old=/path/to/checkout:/data/old --build new=..:/data/new \
//     [--rounds 2] [--requests 30000] [--accept-encoding gzip] [--walk]
//
// Each checkout must be built (`npm run build`); each data folder must hold a catalogue made by
// that checkout's own CLI (e.g. `seed-demo --packs 100000 --seed 2 --versions-per-pack 1
// --archives none`), so both answer the same packs. Prints one JSON line per build and round.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { walkCatalogue } from './catalogue-walk.js';
import { round, spread } from './measure.js';
import { startRegistry, stopAll } from './processes.js';

const URLS_PER_ENDPOINT = 500;

interface Build {
  label: string;
  root: string;
  dataDir: string;
}

/** User plus system CPU milliseconds a process has used so far (Linux `/proc`). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks * 10; // USER_HZ is 100 on Linux
}

function rssMiB(pid: number): number {
  const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : 0;
}

async function measure(url: string, pid: number, paths: string[], requests: number, encoding?: string) {
  let next = 0;
  const before = cpuMs(pid);
  const result = await autocannon({
    url,
    connections: 64,
    amount: requests,
    ...(encoding ? { headers: { 'accept-encoding': encoding } } : {}),
    requests: [
      {
        setupRequest: (request) => {
          request.path = paths[next++ % paths.length] as string;
          return request;
        },
      },
    ],
  });
  const used = cpuMs(pid) - before;
  return {
    'req/s': Math.round(result.requests.total / Math.max(result.duration, 0.001)),
    'p99 ms': result.latency.p99,
    'server CPU µs/request': round((used * 1000) / Math.max(result.requests.total, 1), 1),
    'not 2xx': result.non2xx,
  };
}

function parseBuild(text: string): Build {
  const [label, rest] = text.split('=');
  const [root, dataDir] = (rest ?? '').split(':');
  if (!label || !root || !dataDir) throw new Error(`--build wants label=checkout:data-dir, got ${text}`);
  return { label, root: path.resolve(root), dataDir: path.resolve(dataDir) };
}

const { values } = parseArgs({
  options: {
    build: { type: 'string', multiple: true },
    rounds: { type: 'string', default: '2' },
    requests: { type: 'string', default: '30000' },
    'accept-encoding': { type: 'string' },
    walk: { type: 'boolean', default: false },
  },
});
const builds = (values.build ?? []).map(parseBuild);
if (builds.length === 0) throw new Error('name at least one --build label=checkout:data-dir');
const requests = Number(values.requests);

try {
  for (let roundNo = 1; roundNo <= Number(values.rounds); roundNo++) {
    for (const build of builds) {
      const server = await startRegistry(build.root, { dataDir: build.dataDir });
      // The search index builds after start; wait for it so it does not share the measured time.
      await fetch(`${server.url}/nodes/search?search=node&limit=1`);
      const cpuBefore = cpuMs(server.pid);
      const walk = values.walk ? await walkCatalogue(server.url) : await walkCatalogue(server.url, 30, 200);
      const walkCpu = cpuMs(server.pid) - cpuBefore;
      const ids = spread(walk.ids, URLS_PER_ENDPOINT).map(encodeURIComponent);
      const pages = spread(
        Array.from({ length: walk.pages }, (_, i) => i + 1),
        URLS_PER_ENDPOINT,
      );
      const encoding = values['accept-encoding'];
      const line = {
        build: build.label,
        round: roundNo,
        ...(values.walk ? { 'walk s': round(walk.ms / 1000, 1), 'walk CPU s': round(walkCpu / 1000, 1) } : {}),
        'RSS MiB after walk': rssMiB(server.pid),
        'GET /nodes?page=N': await measure(
          server.url,
          server.pid,
          pages.map((p) => `/nodes?page=${p}&limit=30`),
          requests,
          encoding,
        ),
        'GET /nodes/{id}': await measure(
          server.url,
          server.pid,
          ids.map((id) => `/nodes/${id}`),
          requests,
          encoding,
        ),
        'GET /nodes/{id}/versions': await measure(
          server.url,
          server.pid,
          ids.map((id) => `/nodes/${id}/versions`),
          requests,
          encoding,
        ),
        'RSS MiB at end': rssMiB(server.pid),
      };
      process.stdout.write(`${JSON.stringify(line)}\n`);
      await server.stop();
    }
  }
} finally {
  await stopAll();
}
