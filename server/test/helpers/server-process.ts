import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuilt, freePort } from './built-server.js';
import { afterThisTest } from './cleanup.js';
import { createPostgresTestDatabase, testPostgresUrl } from './database.js';

/** The server package folder. */
const serverRoot = fileURLToPath(new URL('../..', import.meta.url));
const distMain = path.join(serverRoot, 'dist/main.js');
const distCli = path.join(serverRoot, 'dist/cli.js');

/**
 * Makes sure `dist/` is the build of the current sources: these tests run the server as operators
 * do, `node dist/main.js`. One build helper (and one lock) for every test that starts the built server.
 */
export const ensureBuilt = ensureServerBuilt;

export { freePort };

/**
 * A data folder and, on PostgreSQL, an empty database of its own, removed after the test: what
 * a registry process started by a test works on.
 */
export async function processWorkspace(): Promise<{ dataDir: string; env: Record<string, string> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'registry-proc-'));
  afterThisTest(() => removeDataDir(dataDir));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  if (testPostgresUrl) {
    const database = await createPostgresTestDatabase();
    afterThisTest(() => database.drop());
    env.DATABASE_URL = database.url;
  }
  return { dataDir, env };
}

/**
 * Removes a registry's data folder, retrying for a few seconds: the workers of a registry killed
 * just before may still be writing into it as they exit. Says what was left when it cannot.
 */
function removeDataDir(dataDir: string): void {
  try {
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  } catch (error) {
    const left = existsSync(dataDir) ? readdirSync(dataDir, { recursive: true }) : [];
    throw new Error(`could not remove ${dataDir} (still holding ${JSON.stringify(left)})`, { cause: error });
  }
}

/** Process groups of registries started by this test process and not yet killed. */
const runningGroups = new Set<number>();
process.once('exit', () => {
  for (const group of runningGroups) signalGroup(group, 'SIGKILL');
});

function signalGroup(group: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-group, signal);
    return true;
  } catch {
    return false;
  }
}

/** Kills every process of a registry's group and waits (a few seconds at most) until none is left. */
async function killGroup(group: number): Promise<void> {
  signalGroup(group, 'SIGKILL');
  for (let waited = 0; waited < 5000 && signalGroup(group, 0); waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  runningGroups.delete(group);
}

/** The environment of a child: ours without anything pointing elsewhere, plus `env`. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const merged: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', ...env };
  if (!env.DATABASE_URL) delete merged.DATABASE_URL;
  delete merged.NODE_OPTIONS;
  return merged;
}

/** `node dist/cli.js ...args` to completion. */
export async function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  await ensureBuilt();
  const child = spawn(process.execPath, [distCli, ...args], { env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
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
  return { code, stdout, stderr };
}

/** A running `node dist/main.js`. */
export interface RegistryProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** What it wrote to standard error so far. */
  stderr(): string;
  /** What it wrote to standard output (its log) so far. */
  stdout(): string;
  /** Resolves with the exit code (null when killed by a signal) once it has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts the built server on free loopback ports with `env`. With `waitForHealth` (the default)
 * it resolves once `/health` answers; otherwise at once (to watch a refused start). Killed after
 * the test if still running.
 */
export async function startRegistry(
  env: Record<string, string>,
  options: { waitForHealth?: boolean } = {},
): Promise<RegistryProcess> {
  await ensureBuilt();
  const [port, webPort] = [await freePort(), await freePort()];
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [distMain], {
    env: childEnv({
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_PORT: String(webPort),
      PUBLIC_API_URL: url,
      PUBLIC_WEB_URL: `http://127.0.0.1:${webPort}`,
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own, with the workers it forks, so that all of them can be killed.
    detached: true,
  });
  const group = child.pid;
  if (group !== undefined) runningGroups.add(group);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-20_000);
  });
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout = (stdout + chunk.toString()).slice(-20_000);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  afterThisTest(async () => {
    if (group === undefined) return;
    // The whole group: killing only the primary leaves its workers running, and writing into
    // the data folder, until they notice.
    await killGroup(group);
    await exited;
  });
  const registry: RegistryProcess = { url, port, child, stderr: () => stderr, stdout: () => stdout, exited };
  if (options.waitForHealth === false) return registry;
  // A ceiling for a busy machine's first start (migrations, the search index): it ends at the
  // first healthy answer.
  const deadline = Date.now() + 150_000;
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  while (!gone && Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/health`)).ok) return registry;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the registry did not start:\n${stderr}`);
}
