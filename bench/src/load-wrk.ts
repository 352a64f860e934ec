import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoadOptions, LoadResult } from './suite.js';

/**
 * wrk (Debian's `wrk` package) as the load generator. It is an event loop in C: at 10-15k
 * requests/s it needs a fraction of the core autocannon needs, which matters when the generator
 * and the server share two cores. One thread, so it never takes more than one core.
 */

/** The installed wrk's version line, or null when it is not on the PATH. */
export function wrkVersion(): string | null {
  const probe = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  if (probe.error) return null;
  const match = /wrk\s+(\S+)/.exec(`${probe.stdout}${probe.stderr}`);
  return match ? `wrk ${match[1]}` : 'wrk';
}

/** Whether wrk can make these requests: it sends no bodies here, so only reads. */
export function wrkCanRun(options: LoadOptions): boolean {
  return (options.method ?? 'GET') === 'GET' && options.body === undefined;
}

// Rotates over the paths in the file named by the first script argument, and prints one JSON
// line with the totals and latency percentiles (microseconds) when the run ends.
const script = `
local paths = {}
local next_path = 0
init = function(args)
  for line in io.lines(args[1]) do paths[#paths + 1] = line end
end
request = function()
  next_path = next_path % #paths + 1
  return wrk.format(nil, paths[next_path])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50Us":%d,"p99Us":%d}\\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`;

interface WrkSummary {
  requests: number;
  durationUs: number;
  connect: number;
  read: number;
  write: number;
  status: number;
  timeout: number;
  p50Us: number;
  p99Us: number;
}

export async function runWrkOnce(options: LoadOptions, connections: number, durationSeconds: number) {
  if (options.paths.length === 0) throw new Error('runLoad needs at least one path');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-'));
  try {
    const scriptFile = path.join(dir, 'rotate.lua');
    const pathsFile = path.join(dir, 'paths.txt');
    writeFileSync(scriptFile, script);
    writeFileSync(pathsFile, `${options.paths.join('\n')}\n`);
    const headerArgs = Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
    const args = [
      '-t1',
      `-c${connections}`,
      `-d${Math.max(1, Math.round(durationSeconds))}s`,
      '--timeout',
      '10s',
      ...headerArgs,
      '-s',
      scriptFile,
      options.url,
      '--',
      pathsFile,
    ];
    const output = await run('wrk', args);
    const line = output.split('\n').find((l) => l.startsWith('{"requests"'));
    if (!line) throw new Error(`wrk printed no summary:\n${output}`);
    const s = JSON.parse(line) as WrkSummary;
    const result: LoadResult = {
      requestsPerSecond: Math.round(s.requests / Math.max(s.durationUs / 1e6, 0.001)),
      p50Ms: Math.round(s.p50Us / 100) / 10,
      p99Ms: Math.round(s.p99Us / 100) / 10,
      requests: s.requests,
      errors: s.connect + s.read + s.write + s.timeout,
      non2xx: s.status,
    };
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} exited ${code}:\n${out}`))));
  });
}
