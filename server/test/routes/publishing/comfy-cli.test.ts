import net from 'node:net';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { JobWorker } from '../../../src/engines/jobs/worker.js';
import { registryJobHandlers } from '../../../src/job-handlers.js';
import { buildTestApp } from '../../helpers/app.js';
import { packZip } from '../../helpers/pack-zip.js';
import { acmeWithToken } from './comfy-cli.js';

/** A port nothing listens on right now, so the app's public URL can name it before it starts. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** What requests 2.x sends besides the body (comfy-cli sets only Content-Type). */
const requestsHeaders = { 'user-agent': 'python-requests/2.32.3', accept: '*/*', 'accept-encoding': 'gzip, deflate' };

describe('comfy-cli end to end over HTTP (reference/registry-clients.md §3)', () => {
  it('publish, upload, processing, install, download and the catalogue page', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const t = await buildTestApp({ PUBLIC_API_URL: base });
    const { token } = await acmeWithToken(t);
    await t.app.listen({ port, host: '127.0.0.1' });

    // Step 1: the publish request, byte for byte as comfy-cli sends it.
    const body =
      `{"personal_access_token":"${token}","node":{"id":"hello","description":"Says hello","icon":"","name":"Hello",` +
      `"license":"{\\"text\\": \\"MIT\\"}","repository":"https://github.com/acme/hello","banner_url":"",` +
      `"supported_os":[],"supported_accelerators":[],"supported_comfyui_version":"",` +
      `"supported_comfyui_frontend_version":""},"node_version":{"version":"1.0.0","dependencies":[],` +
      `"supported_os":[],"supported_accelerators":[],"supported_comfyui_version":"",` +
      `"supported_comfyui_frontend_version":""}}`;
    const published = await fetch(`${base}/publishers/acme/nodes/hello/versions`, {
      method: 'POST',
      headers: { ...requestsHeaders, 'content-type': 'application/json' },
      body,
    });
    expect(published.status).toBe(201);
    const answer = (await published.json()) as { node_version: Record<string, unknown>; signedUrl: string };
    expect(answer).toEqual({
      node_version: {
        id: expect.any(String),
        node_id: 'hello',
        version: '1.0.0',
        createdAt: expect.any(String),
        changelog: '',
        dependencies: [],
        downloadUrl: '',
        deprecated: false,
        status: 'NodeVersionStatusPending',
        status_reason: '',
        comfy_node_extract_status: 'pending',
        supported_os: [],
        supported_accelerators: [],
        supported_comfyui_version: '',
        supported_comfyui_frontend_version: '',
        tags: [],
        tags_admin: [],
        downloads: 0,
        install_command: 'comfy node install hello@1.0.0',
      },
      signedUrl: expect.stringMatching(new RegExp(`^${base}/uploads/[A-Za-z0-9_-]{43}$`)),
    });

    // Step 2: PUT the zip to the signed URL; only 200 counts for comfy-cli.
    const zip = packZip({ name: 'hello', version: '1.0.0' });
    const uploaded = await fetch(answer.signedUrl, {
      method: 'PUT',
      headers: { ...requestsHeaders, 'content-type': 'application/zip', 'content-length': String(zip.length) },
      body: Buffer.from(zip),
    });
    expect(uploaded.status).toBe(200);

    // The server processes the archive (here the job worker is driven by hand).
    const worker = new JobWorker(t.ctx.db, t.ctx.dialect, registryJobHandlers(t.ctx), {
      concurrency: 1,
      pollIntervalMs: 1000,
      leaseMs: 60_000,
      retryBaseSeconds: 1,
    });
    expect(await worker.runOnce()).toBe(1);

    // Step 3: install resolves the version with a download URL.
    const install = await fetch(`${base}/nodes/hello/install?version=1.0.0`, { headers: requestsHeaders });
    expect(install.status).toBe(200);
    const installed = (await install.json()) as Record<string, unknown>;
    expect(installed).toEqual({
      ...answer.node_version,
      downloadUrl: `${base}/files/acme/hello/1.0.0/node.zip`,
      status: 'NodeVersionStatusActive',
      status_reason: 'Passed automated checks',
      comfy_node_extract_status: 'success',
      downloads: 1,
    });
    const latest = await fetch(`${base}/nodes/hello/install`, { headers: requestsHeaders });
    expect(((await latest.json()) as { version: string }).version).toBe('1.0.0');

    // Step 4: the download serves the same zip, with pyproject.toml at its root.
    const download = await fetch(String(installed.downloadUrl), { headers: { 'user-agent': 'python-httpx/0.28.1' } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await download.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['__init__.py', 'pyproject.toml']);
    expect(strFromU8(files['pyproject.toml'] ?? new Uint8Array())).toContain('name = "hello"');

    // Step 5: ComfyUI-Manager's catalogue page shows the pack with its new latest version.
    const page = await fetch(`${base}/nodes?page=1&limit=30`, { headers: requestsHeaders });
    expect(page.status).toBe(200);
    const catalogue = (await page.json()) as { nodes: Record<string, unknown>[]; totalPages: number };
    expect(catalogue.totalPages).toBe(1);
    expect(catalogue.nodes).toEqual([
      expect.objectContaining({
        id: 'hello',
        name: 'hello display',
        publisher: { id: 'acme', name: 'ACME' },
        repository: 'https://github.com/acme/hello',
        latest_version: expect.objectContaining({ id: answer.node_version.id, version: '1.0.0' }),
      }),
    ]);
  });
});
