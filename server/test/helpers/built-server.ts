import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packZip } from './pack-zip.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The built entry point these tests start, as `npm start` does. */
export const builtMain = path.join(serverRoot, 'dist', 'main.js');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Builds `server/dist` when it is missing or older than `server/src` (as `npm start` would), so
 * these tests never run yesterday's build. A lock folder keeps two test files from compiling at once.
 */
export async function ensureServerBuilt(): Promise<void> {
  const lock = path.join(os.tmpdir(), `registry-build-${Buffer.from(serverRoot).toString('hex').slice(-24)}.lock`);
  const fresh = () =>
    existsSync(builtMain) && statSync(builtMain).mtimeMs >= newestSource(path.join(serverRoot, 'src'));
  for (;;) {
    if (fresh()) return;
    try {
      mkdirSync(lock);
    } catch {
      // Another file is building (or a crashed one left its lock long ago).
      if (Date.now() - statSync(lock).mtimeMs > 300_000) rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    try {
      if (fresh()) return;
      const build = spawnSync('npm', ['run', 'build'], { cwd: serverRoot, encoding: 'utf8' });
      if (build.status !== 0) throw new Error(`building the server failed:\n${build.stdout}${build.stderr}`);
      return;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** One JSON log line of the server (pino). */
export interface LogLine {
  pid: number;
  msg: string;
  reqId?: string;
  [key: string]: unknown;
}

export interface BuiltServer {
  apiUrl: string;
  webUrl: string;
  /** The process started: the cluster primary when WORKERS > 1. */
  pid: number;
  child: ChildProcess;
  /** Every log line so far. */
  lines: LogLine[];
  /** Resolves with the first log line (past or future) that matches. */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** Sends a signal and resolves with the exit code once the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const started = new Set<ChildProcess>();

/** Kills whatever a test left running (call from afterEach). */
export async function stopBuiltServers(): Promise<void> {
  await Promise.all(
    [...started].map(
      (child) =>
        new Promise<void>((resolve) => {
          started.delete(child);
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 20_000).unref();
        }),
    ),
  );
}

/**
 * Starts `node server/dist/main.js` on free loopback ports with `env` on top of a clean
 * environment, logging at info as JSON, and waits until it answers `GET /health`.
 */
export async function startBuiltServer(
  env: Record<string, string>,
  ports?: { api: number; web: number },
): Promise<BuiltServer> {
  const api = ports?.api ?? (await freePort());
  const web = ports?.web ?? (await freePort());
  const apiUrl = `http://127.0.0.1:${api}`;
  const webUrl = `http://127.0.0.1:${web}`;
  const base: Record<string, string> = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'LANG']) {
    const value = process.env[name];
    if (value !== undefined) base[name] = value;
  }
  const child = spawn(process.execPath, [builtMain], {
    env: {
      ...base,
      HOST: '127.0.0.1',
      PORT: String(api),
      WEB_PORT: String(web),
      PUBLIC_API_URL: apiUrl,
      PUBLIC_WEB_URL: webUrl,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  const lines: LogLine[] = [];
  const waiters: { match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }[] = [];
  let pending = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    for (const text of complete) {
      if (!text.startsWith('{')) continue;
      const line = JSON.parse(text) as LogLine;
      lines.push(line);
      for (const waiter of waiters.filter((w) => w.match(line))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const waitForLog = (match: (line: LogLine) => boolean, timeoutMs = 60_000) => {
    const seen = lines.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise<LogLine>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no such log line within ${timeoutMs} ms:\n${stderr}`)),
        timeoutMs,
      );
      waiters.push({
        match,
        resolve: (line) => {
          clearTimeout(timer);
          resolve(line);
        },
      });
    });
  };

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${stderr}`);
    if (Date.now() > deadline) throw new Error(`the server did not answer /health within 90 s:\n${stderr}`);
    const healthy = await fetch(`${apiUrl}/health`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    apiUrl,
    webUrl,
    pid: child.pid ?? 0,
    child,
    lines,
    waitForLog,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const code = await exit;
      started.delete(child);
      return code;
    },
  };
}

/**
 * The request-log line of a request marked with `id`, either sent as `x-request-id` (the API
 * listener takes it as the request id) or inside the URL (the web listener numbers its requests
 * itself): it names the process that answered.
 */
export function answeredBy(server: BuiltServer, id: string): Promise<LogLine> {
  return server.waitForLog((l) => {
    if (l.msg !== 'incoming request') return false;
    const url = (l.req as { url?: string } | undefined)?.url ?? '';
    return l.reqId === id || url.includes(id);
  }, 45_000);
}

/** comfy-cli's publish: the JSON call, then the zip PUT to the signed URL (the job worker does the rest). */
export async function publishThrough(
  apiUrl: string,
  body: unknown,
  publisher: string,
  id: string,
  version: string,
): Promise<void> {
  const published = await fetch(`${apiUrl}/publishers/${publisher}/nodes/${id}/versions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (published.status !== 201)
    throw new Error(`publish ${id}@${version}: ${published.status} ${await published.text()}`);
  const { signedUrl } = (await published.json()) as { signedUrl: string };
  const zip = packZip({ name: id, version });
  const uploaded = await fetch(signedUrl, {
    method: 'PUT',
    headers: { 'content-type': 'application/zip', 'content-length': String(zip.length) },
    body: Buffer.from(zip),
  });
  if (uploaded.status !== 200) throw new Error(`upload ${id}@${version}: ${uploaded.status} ${await uploaded.text()}`);
}

/** Polls `GET /nodes/{id}/versions/{version}` until the version is Active. */
export async function waitUntilActive(apiUrl: string, id: string, version: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${apiUrl}/nodes/${id}/versions/${version}`);
    if (response.ok && ((await response.json()) as { status?: string }).status === 'NodeVersionStatusActive') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${id}@${version} was not Active within ${timeoutMs} ms`);
}
