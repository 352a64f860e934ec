import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { packZip } from '../helpers/pack-zip.js';
import { processWorkspace, type RegistryProcess, runCli, startRegistry } from '../helpers/server-process.js';
import { cliPublishBody } from '../routes/publishing/comfy-cli.js';
import { acmeToken, openProcessDatabase } from './setup.js';

/** Sum of every pack's download counter in the database a process used. */
async function totalDownloads(env: Record<string, string>): Promise<number> {
  const database = openProcessDatabase(env);
  try {
    const rows = await database.db.selectFrom('nodes').select('downloads').execute();
    return rows.reduce((sum, r) => sum + Number(r.downloads), 0);
  } finally {
    await database.destroy();
  }
}

/** Sends the head and the first `sent` bytes of `body` on a raw connection; the answer resolves when it closes. */
function partialUpload(
  port: number,
  path: string,
  body: Uint8Array,
  sent: number,
): Promise<{ socket: net.Socket; answer: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        `PUT ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/zip\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      socket.write(body.subarray(0, sent));
      resolve({ socket, answer });
    });
    let received = '';
    const answer = new Promise<string>((done) => {
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString('utf8');
      });
      socket.on('close', () => done(received));
    });
    socket.on('error', reject);
  });
}

/**
 * Resolves once the registry has logged the start of an upload (so its body is being read). The
 * log redacts the ticket, so any upload counts: each test sends one.
 */
async function uploadStarted(registry: RegistryProcess): Promise<void> {
  await eventually(
    async () => registry.stdout(),
    (log) => log.includes('"method":"PUT","url":"/uploads/'),
    'the server reading the upload',
  );
}

/** Resolves once the registry no longer accepts connections. */
async function refusingConnections(registry: RegistryProcess): Promise<void> {
  await eventually(
    () =>
      fetch(`${registry.url}/health`).then(
        () => false,
        () => true,
      ),
    (refused) => refused,
    'new connections being refused',
  );
}

/** A zip big enough to be sent in pieces, with incompressible filler. */
function bigPack(version: string): Uint8Array {
  const zip = packZip({ name: 'hello', version, files: { 'data.bin': new Uint8Array(randomBytes(256 * 1024)) } });
  expect(zip.length).toBeGreaterThan(128 * 1024);
  return zip;
}

/** Far above any machine's normal time: the waits below end as soon as what they wait for happens. */
const CEILING_MS = 120_000;

async function eventually<T>(read: () => Promise<T>, holds: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + CEILING_MS;
  let value = await read();
  while (!holds(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  if (!holds(value)) throw new Error(`${what} never happened (last seen: ${JSON.stringify(value)})`);
  return value;
}

describe('SIGTERM on the built server', { timeout: 400_000 }, () => {
  it('during a stream of installs: every answered install is counted and the process exits 0', async () => {
    const { env } = await processWorkspace();
    const seeded = await runCli(['seed-demo', '--packs', '3', '--versions-per-pack', '1', '--archives', 'latest'], env);
    expect(seeded.code).toBe(0);
    const before = await totalDownloads(env);
    const registry = await startRegistry({ ...env, SHUTDOWN_GRACE_SECONDS: '10' });
    const page = (await (await fetch(`${registry.url}/nodes?limit=10`)).json()) as { nodes: { id: string }[] };
    const packIds: string[] = [];
    for (const { id } of page.nodes) {
      if ((await fetch(`${registry.url}/nodes/${id}/install`)).status === 200) packIds.push(id);
    }
    expect(packIds.length).toBeGreaterThan(0);

    let answered = packIds.length;
    const statuses = new Map<number, number>();
    let refused = 0;
    let exited = false;
    void registry.exited.then(() => {
      exited = true;
    });
    const stream = async (n: number) => {
      for (let i = n; !exited; i++) {
        try {
          const res = await fetch(`${registry.url}/nodes/${packIds[i % packIds.length]}/install`);
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status === 200) answered += 1;
        } catch {
          // Not accepted any more: the connection was refused or closed before a request was read.
          refused += 1;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }
    };
    const streams = Array.from({ length: 8 }, (_, n) => stream(n));
    await eventually(
      async () => answered,
      (n) => n > 200,
      'installs being answered',
    );
    registry.child.kill('SIGTERM');
    const exit = await registry.exited;
    await Promise.all(streams);

    expect(exit).toEqual({ code: 0, signal: null });
    // Only answers and refusals to start: no request failed half-way with a server error.
    expect([...statuses.keys()].filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(refused).toBeGreaterThan(0);
    expect(await totalDownloads(env)).toBe(before + answered);
  });

  it('during an upload that finishes within the grace period: it is answered 200 and processed after the restart', async () => {
    const { env } = await processWorkspace();
    const token = await acmeToken(env);
    const registry = await startRegistry({ ...env, SHUTDOWN_GRACE_SECONDS: '20', LOG_LEVEL: 'info' });
    const published = await fetch(`${registry.url}/publishers/acme/nodes/hello/versions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(cliPublishBody(token, 'hello', '1.0.0')),
    });
    expect(published.status).toBe(201);
    const { signedUrl } = (await published.json()) as { signedUrl: string };
    const zip = bigPack('1.0.0');
    const uploadPath = new URL(signedUrl).pathname;
    const { socket, answer } = await partialUpload(registry.port, uploadPath, zip, 64 * 1024);
    await uploadStarted(registry);

    registry.child.kill('SIGTERM');
    // New connections are refused while the upload already running goes on.
    await refusingConnections(registry);
    socket.write(zip.subarray(64 * 1024));
    expect((await answer).split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(await registry.exited).toEqual({ code: 0, signal: null });

    // The next start processes the archive that arrived during the shutdown.
    const again = await startRegistry(env);
    const version = await eventually(
      async () => (await (await fetch(`${again.url}/nodes/hello/versions/1.0.0`)).json()) as { status: string },
      (v) => v.status !== 'NodeVersionStatusPending',
      'the archive being processed',
    );
    expect(version.status).toBe('NodeVersionStatusActive');
    const download = await fetch(`${again.url}/files/acme/hello/1.0.0/node.zip`);
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(zip))).toBe(true);
  });

  it('during an upload that outlasts the grace period: it is cut off, nothing is stored, and the same URL takes it again', async () => {
    const { env } = await processWorkspace();
    const token = await acmeToken(env);
    const registry = await startRegistry({ ...env, SHUTDOWN_GRACE_SECONDS: '1', LOG_LEVEL: 'info' });
    const published = await fetch(`${registry.url}/publishers/acme/nodes/hello/versions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(cliPublishBody(token, 'hello', '1.0.0')),
    });
    const { signedUrl } = (await published.json()) as { signedUrl: string };
    const zip = bigPack('1.0.0');
    const { answer } = await partialUpload(registry.port, new URL(signedUrl).pathname, zip, 64 * 1024);
    await uploadStarted(registry);

    registry.child.kill('SIGTERM');
    // The client never sends the rest; the server closes the connection without a 200.
    expect(await answer).not.toContain('200 OK');
    expect(await registry.exited).toEqual({ code: 0, signal: null });

    const database = openProcessDatabase(env);
    try {
      expect(await database.db.selectFrom('storage_files').select('id').execute()).toEqual([]);
      expect(await database.db.selectFrom('upload_tickets').select('used_at').execute()).toEqual([{ used_at: null }]);
    } finally {
      await database.destroy();
    }
    const { readdir } = await import('node:fs/promises');
    const files = await readdir(env.DATA_DIR ?? '', { recursive: true, withFileTypes: true });
    expect(files.filter((f) => f.isFile() && /\.(partial|upload)$/.test(f.name)).map((f) => f.name)).toEqual([]);

    // The client retries the same signed URL against the restarted server.
    const again = await startRegistry(env);
    const retried = await fetch(`${again.url}${new URL(signedUrl).pathname}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/zip' },
      body: Buffer.from(zip),
    });
    expect(retried.status).toBe(200);
  });
});
