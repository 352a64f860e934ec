import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cliWorkspace } from '../cli/run-command.js';
import {
  answeredBy,
  type BuiltServer,
  ensureServerBuilt,
  freePort,
  publishThrough,
  startBuiltServer,
  stopBuiltServers,
  waitUntilActive,
} from '../helpers/built-server.js';
import { cliPublishBody } from '../routes/publishing/comfy-cli.js';

beforeAll(ensureServerBuilt, 300_000);
afterEach(stopBuiltServers);

/**
 * Searches and catalogue pages must show another worker's write, through the change feed
 * (docs/search.md: SEARCH_POLL_MS, 1 s by default). This is a ceiling far above that, so only a
 * worker that never catches up fails, never a slow machine; the times it took are printed.
 */
const FRESHNESS_MS = 45_000;

/** A fresh connection per request, so the cluster hands each one to the next worker. */
async function get(server: BuiltServer, url: string): Promise<{ pid: number; status: number; body: string }> {
  const id = randomUUID();
  // A URL ending in `probe=` carries the marker itself (the web listener's log has no x-request-id).
  const response = await fetch(url.endsWith('probe=') ? `${url}${id}` : url, {
    headers: { 'x-request-id': id, connection: 'close' },
    signal: AbortSignal.timeout(10_000),
  });
  const body = await response.text();
  const line = await answeredBy(server, id);
  return { pid: line.pid, status: response.status, body };
}

/** Publisher `acme` with a token, made with the registry's own commands before the server starts. */
async function workspaceWithPublisher() {
  const workspace = await cliWorkspace();
  const ok = (result: { code: number; err: string }) => expect(result.code, result.err).toBe(0);
  ok(await workspace.run('create-admin', ['--email', 'owner@example.test', '--password', 'owner-password-123']));
  ok(await workspace.run('create-publisher', ['--id', 'acme', '--name', 'ACME', '--owner', 'owner@example.test']));
  const token = await workspace.run('create-token', ['--publisher', 'acme', '--name', 'ci']);
  ok(token);
  return { workspace, token: token.out.trim() };
}

async function startCluster(env: Record<string, string>) {
  const server = await startBuiltServer({ WORKERS: '2', ...env });
  const started = await server.waitForLog((l) => l.msg === 'all workers started');
  const pids = started.pids as number[];
  expect(pids).toHaveLength(2);
  expect(new Set(pids).size).toBe(2);
  expect(pids).not.toContain(server.pid);
  return { server, pids };
}

describe('WORKERS=2: one npm start, two worker processes behind the same ports', () => {
  it('both workers answer on both listeners, a write through one is searched and listed through the other, each job runs once', async () => {
    const { workspace, token } = await workspaceWithPublisher();
    const { server, pids } = await startCluster(workspace.env);

    // (a) Both workers serve the API port and the web port.
    for (const page of [`${server.apiUrl}/health`, `${server.webUrl}/?probe=`]) {
      const seen = new Set<number>();
      for (let i = 0; i < 12 && seen.size < 2; i++) {
        const answer = await get(server, page);
        expect(answer.status).toBe(200);
        seen.add(answer.pid);
      }
      expect([...seen].sort()).toEqual([...pids].sort());
    }

    // Both workers have answered (and cached) a search and a catalogue page without the pack.
    const search = `${server.apiUrl}/nodes/search?search=hello`;
    const list = `${server.apiUrl}/nodes?page=1&limit=30`;
    const warmed = new Set<string>();
    // Each address twice in a row: the cluster hands connections to the workers in turn.
    for (let i = 0; i < 20 && warmed.size < 4; i++) {
      for (const url of [search, search, list, list]) {
        const answer = await get(server, url);
        expect(answer.status).toBe(200);
        expect(JSON.parse(answer.body).nodes).toEqual([]);
        warmed.add(`${answer.pid} ${url}`);
      }
    }
    expect(warmed.size).toBe(4);

    // (b) Publish; one worker processes the archive. Then every worker must show the pack in
    // search and in the catalogue list within the freshness target.
    await publishThrough(server.apiUrl, cliPublishBody(token, 'hello', '1.0.0'), 'acme', 'hello', '1.0.0');
    await waitUntilActive(server.apiUrl, 'hello', '1.0.0');
    const activeAt = Date.now();
    const fresh = new Map<string, number>();
    while (fresh.size < 4 && Date.now() - activeAt < FRESHNESS_MS) {
      for (const url of [search, search, list, list]) {
        const answer = await get(server, url);
        const ids = (JSON.parse(answer.body) as { nodes: { id: string }[] }).nodes.map((n) => n.id);
        const key = `${answer.pid} ${url}`;
        if (ids.includes('hello') && !fresh.has(key)) fresh.set(key, Date.now() - activeAt);
      }
    }
    expect([...fresh.keys()].sort()).toEqual(pids.flatMap((pid) => [`${pid} ${list}`, `${pid} ${search}`]).sort());
    process.stdout.write(`other worker's search and list current after: ${JSON.stringify([...fresh])} ms\n`);

    // (c) Six archives queued at once: both workers poll the queue, each job is claimed and run once.
    const versions = ['1.1.0', '1.2.0', '1.3.0', '1.4.0', '1.5.0', '1.6.0'];
    await Promise.all(
      versions.map((v, i) =>
        publishThrough(server.apiUrl, cliPublishBody(token, `pack-${i}`, v), 'acme', `pack-${i}`, v),
      ),
    );
    await Promise.all(versions.map((v, i) => waitUntilActive(server.apiUrl, `pack-${i}`, v)));
    const db = workspace.open().db;
    // A version turns Active inside its job, a moment before the job is marked done.
    const unfinished = () => db.selectFrom('jobs').select('id').where('status', 'in', ['queued', 'running']).execute();
    for (let i = 0; i < 100 && (await unfinished()).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    const jobs = await db.selectFrom('jobs').select(['kind', 'status', 'attempts']).execute();
    expect(jobs).toHaveLength(7);
    for (const job of jobs) expect(job).toMatchObject({ status: 'done', attempts: 1 });
    const processing = await db.selectFrom('archive_processing').select(['stage', 'attempts']).execute();
    expect(processing).toEqual(Array.from({ length: 7 }, () => ({ stage: 'done', attempts: 1 })));
    const activations = await db
      .selectFrom('node_version_status_history')
      .select(['node_version_id'])
      .where('to_status', '=', 'NodeVersionStatusActive')
      .execute();
    expect(activations).toHaveLength(7);
    expect(new Set(activations.map((a) => a.node_version_id)).size).toBe(7);

    // No worker logged an error (two processes writing one SQLite file: no "database is locked").
    expect(server.lines.filter((l) => Number(l.level) >= 50)).toEqual([]);

    // SIGTERM to the primary stops both workers gracefully, then the primary.
    expect(await server.stop('SIGTERM')).toBe(0);
    const stopped = server.lines.filter((l) => l.msg === 'shutting down').map((l) => l.pid);
    expect(stopped.sort()).toEqual([...pids].sort());
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  }, 400_000);

  it('a worker killed mid-traffic is replaced and the service keeps answering', async () => {
    const { workspace } = await workspaceWithPublisher();
    const { server, pids } = await startCluster(workspace.env);
    const [victim, survivor] = pids as [number, number];

    // Requests run one after another from before the kill until the replacement has served one.
    const answers: { startedAt: number; status: number | string }[] = [];
    const servedBy = new Set<number>();
    let replacement: number | undefined;
    const traffic = (async () => {
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline && !(replacement !== undefined && servedBy.has(replacement))) {
        const startedAt = Date.now();
        try {
          const answer = await get(server, `${server.apiUrl}/nodes?page=1&limit=5`);
          answers.push({ startedAt, status: answer.status });
          servedBy.add(answer.pid);
        } catch (error) {
          answers.push({ startedAt, status: String(error) });
        }
      }
    })();
    while (answers.length < 4) await new Promise((resolve) => setTimeout(resolve, 20));
    const killedAt = Date.now();
    process.kill(victim, 'SIGKILL');
    const replaced = await server.waitForLog((l) => l.msg === 'registry started' && !pids.includes(l.pid), 90_000);
    replacement = replaced.pid;
    await traffic;
    expect(replacement).toBeDefined();
    const noticed = server.lines.find((l) => l.msg === 'a worker exited; starting a new one');
    expect(noticed).toMatchObject({ pid: server.pid, workerPid: victim, signal: 'SIGKILL' });
    // A connection handed to the killed worker in the moment before the primary saw it die can
    // fail; from then on the surviving worker takes every connection until the new one is up.
    const noticedAt = Number(noticed?.time);
    const after = answers.filter((a) => a.startedAt > noticedAt + 5);
    expect(after.length).toBeGreaterThan(1);
    expect(after.filter((a) => a.status !== 200)).toEqual([]);
    expect(answers.filter((a) => a.status !== 200).length).toBeLessThanOrEqual(1);
    expect(servedBy.has(survivor)).toBe(true);
    expect(answers.some((a) => a.startedAt > killedAt)).toBe(true);
    expect(servedBy.has(replacement)).toBe(true);

    expect(await server.stop('SIGTERM')).toBe(0);
  }, 400_000);

  it('stops instead of restarting forever when the workers cannot start (the API port is taken)', async () => {
    // Whatever holds the port hangs up at once, so the health checks do not wait on it.
    const taken = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as net.AddressInfo;
    try {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'registry-workers-'));
      const started = startBuiltServer({ WORKERS: '2', DATA_DIR: dataDir }, { api: port, web: await freePort() });
      await expect(started).rejects.toThrow(/exited with 1[\s\S]*EADDRINUSE/);
      rmSync(dataDir, { recursive: true, force: true });
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 300_000);
});
