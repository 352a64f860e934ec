import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { CliResult, RegistryProcess } from './suite.js';

/** Children still running, so the runner can stop them whatever happens to a suite. */
const running = new Set<ChildProcess>();

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Environment for the registry's processes: ours minus anything that would point it elsewhere. */
function registryEnv(dataDir: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  // One process unless a suite asks for more: suites read memory and descriptors of the child's pid
  // and kill it to test recovery, which assumes the child is the server itself.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', WORKERS: '1', ...extra };
  if (!extra.DATABASE_URL) delete env.DATABASE_URL;
  return env;
}

/** Runs the built CLI (`server/dist/cli.js`) to completion. */
export async function runCli(
  root: string,
  args: string[],
  options: { dataDir: string; env?: Record<string, string> },
): Promise<CliResult> {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'server/dist/cli.js'), ...args], {
    env: registryEnv(options.dataDir, options.env ?? {}),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve(exitCode ?? 1));
  });
  running.delete(child);
  return { code, stdout, stderr, ms: performance.now() - started };
}

/** Starts `server/dist/main.js` on free loopback ports and waits for `GET /health`. */
export async function startRegistry(
  root: string,
  options: { dataDir: string; env?: Record<string, string> },
): Promise<RegistryProcess> {
  const [port, webPort] = [await freePort(), await freePort()];
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
    env: registryEnv(options.dataDir, {
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_PORT: String(webPort),
      PUBLIC_API_URL: url,
      PUBLIC_WEB_URL: `http://127.0.0.1:${webPort}`,
      ...options.env,
    }),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  running.add(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<never>((_, reject) => {
    child.once('exit', (code) => reject(new Error(`registry exited with ${code} before it was ready:\n${stderr}`)));
  });
  await Promise.race([waitForHealth(url, 120_000), exited]);
  const pid = child.pid ?? 0;
  return {
    url,
    pid,
    dataDir: options.dataDir,
    rssMiB: () => memoryMiB(pid, 'VmRSS'),
    peakRssMiB: () => memoryMiB(pid, 'VmHWM'),
    stop: () => stopChild(child),
  };
}

/** Stops every child a suite left running. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map(stopChild));
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    running.delete(child);
    return;
  }
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await gone;
  clearTimeout(timer);
  running.delete(child);
}

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`registry at ${url} did not become healthy within ${timeoutMs / 1000} s`);
}

/** A memory figure of a process from /proc (Linux), in MiB; 0 where /proc is not available. */
function memoryMiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** User + system CPU time of a process so far, in milliseconds (from /proc; Linux only). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 a second).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
