import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { walkCatalogue } from './catalogue-walk.js';
import { cpuMs, startRegistry, stopAll } from './processes.js';

/**
 * `npx tsx src/startup-probe.ts --data-dir <dir> [--database-url <url>] [--walks 2] [--no-response-cache]`: starts the
 * built server on an existing data set and reports, as one JSON line, how long until `/health`
 * answers, until a search answers (the index is built), memory, and sequential Manager walks
 * (`GET /nodes?page=N&limit=30` to the end), with the server's CPU time for each (it moves far less
 * than wall time with other load on the machine). For figures outside the suites, e.g. on PostgreSQL.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      walks: { type: 'string' },
      'no-response-cache': { type: 'boolean' },
    },
  });
  const dataDir = values['data-dir'];
  if (!dataDir) throw new Error('--data-dir is required');
  const began = performance.now();
  const env: Record<string, string> = {};
  if (values['database-url']) env.DATABASE_URL = values['database-url'];
  // Every page then runs its queries: the walk a client sees right after a catalogue change.
  if (values['no-response-cache']) env.CATALOGUE_CACHE_MAX_BYTES = '0';
  const server = await startRegistry(root, { dataDir, env });
  const healthMs = performance.now() - began;
  const searched = await fetch(`${server.url}/nodes/search?search=node&limit=1`);
  if (!searched.ok) throw new Error(`search answered ${searched.status}`);
  const searchReadyMs = performance.now() - began;
  const rssAfterStart = server.rssMiB();
  const cpuToReadyMs = cpuMs(server.pid);
  const walks: { seconds: number; cpuMs: number; pages: number; total: number; slowestPageMs: number }[] = [];
  for (let i = 0; i < Number(values.walks ?? 2); i++) {
    const cpuBefore = cpuMs(server.pid);
    const walk = await walkCatalogue(server.url);
    walks.push({
      seconds: Math.round(walk.ms) / 1000,
      cpuMs: cpuMs(server.pid) - cpuBefore,
      pages: walk.pages,
      total: walk.total,
      slowestPageMs: Math.round(walk.slowestPageMs),
    });
  }
  process.stdout.write(
    `${JSON.stringify({
      healthMs: Math.round(healthMs),
      searchReadyMs: Math.round(searchReadyMs),
      cpuToReadyMs,
      rssAfterStartMiB: Math.round(rssAfterStart),
      walks,
      rssMiB: Math.round(server.rssMiB()),
      peakRssMiB: Math.round(server.peakRssMiB()),
    })}\n`,
  );
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
