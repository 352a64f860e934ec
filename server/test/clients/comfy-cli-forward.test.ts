import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/app.js';
import { packZip } from '../helpers/pack-zip.js';
import { acmeWithToken, cliPublishBody } from '../routes/publishing/comfy-cli.js';
import { freePort, processQueuedJobs } from './support.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/**
 * A plain TCP forward, byte for byte what `ssh -L 8080:127.0.0.1:<port> host` or
 * `socat TCP-LISTEN:8080,fork TCP:host:<port>` does (docs/clients.md, comfy-cli). It listens on
 * a free port rather than 8080 itself, which may be taken on a test machine.
 */
async function forward(targetPort: number): Promise<{ port: number; connections: () => number }> {
  let connections = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((incoming) => {
    connections++;
    const outgoing = net.connect(targetPort, '127.0.0.1');
    for (const socket of [incoming, outgoing]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    incoming.pipe(outgoing).pipe(incoming);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  return { port, connections: () => connections };
}

/** What requests sends besides the body; comfy-cli's Host is the dev address localhost:8080. */
const cliHeaders = (port: number) => ({
  host: `localhost:${port}`,
  'user-agent': 'python-requests/2.32.3',
  accept: '*/*',
  'accept-encoding': 'gzip, deflate',
});

describe('comfy-cli (ENVIRONMENT=dev) reaching a registry elsewhere through a local port forward', () => {
  it('publishes and installs; upload and download URLs are the registry address, not the forward', async () => {
    const registryPort = await freePort();
    const registry = `http://127.0.0.1:${registryPort}`;
    const t = await buildTestApp({ PUBLIC_API_URL: registry });
    const { token } = await acmeWithToken(t);
    await t.app.listen({ port: registryPort, host: '127.0.0.1' });
    const tunnel = await forward(registryPort);
    const dev = `http://localhost:${tunnel.port}`;

    // C1: the publish call goes to the dev address, i.e. into the forward.
    const published = await fetch(`${dev}/publishers/acme/nodes/hello/versions`, {
      method: 'POST',
      headers: { ...cliHeaders(tunnel.port), 'content-type': 'application/json' },
      body: JSON.stringify(cliPublishBody(token, 'hello', '1.0.0')),
    });
    expect(published.status).toBe(201);
    expect(tunnel.connections()).toBeGreaterThan(0);
    const { signedUrl } = (await published.json()) as { signedUrl: string };
    // comfy-cli PUTs to the signed URL exactly as given: the registry's own address.
    expect(signedUrl.startsWith(`${registry}/uploads/`)).toBe(true);
    const zip = packZip({ name: 'hello', version: '1.0.0' });
    const uploaded = await fetch(signedUrl, {
      method: 'PUT',
      headers: { 'content-type': 'application/zip', 'content-length': String(zip.length) },
      body: Buffer.from(zip),
    });
    expect(uploaded.status).toBe(200);
    await processQueuedJobs(t);

    // C3/C4: registry-install through the forward, then the download from the URL it names.
    const install = await fetch(`${dev}/nodes/hello/install?version=1.0.0`, { headers: cliHeaders(tunnel.port) });
    expect(install.status).toBe(200);
    const { downloadUrl, version } = (await install.json()) as { downloadUrl: string; version: string };
    expect(version).toBe('1.0.0');
    expect(downloadUrl).toBe(`${registry}/files/acme/hello/1.0.0/node.zip`);
    const download = await fetch(downloadUrl, { headers: { 'user-agent': 'python-httpx/0.28.1' } });
    expect(download.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await download.arrayBuffer()), Buffer.from(zip))).toBe(0);

    // C5-C7: registry-list, outdated and deps read the pack through the forward too.
    const list = await fetch(`${dev}/nodes`, { headers: cliHeaders(tunnel.port) });
    expect(((await list.json()) as { nodes: { id: string }[] }).nodes.map((n) => n.id)).toEqual(['hello']);
    const node = await fetch(`${dev}/nodes/hello`, { headers: cliHeaders(tunnel.port) });
    expect(((await node.json()) as { latest_version: { version: string } }).latest_version.version).toBe('1.0.0');
  });
});
