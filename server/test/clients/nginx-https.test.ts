import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { createContext } from '../../src/context.js';
import { buildWebApp } from '../../src/modules/web-listener/app.js';
import { buildTestApp } from '../helpers/app.js';
import { packZip } from '../helpers/pack-zip.js';
import { acmeWithToken, cliPublishBody } from '../routes/publishing/comfy-cli.js';
import {
  freePort,
  managerModules,
  managerV4Source,
  processQueuedJobs,
  python,
  pythonHas,
  repoRoot,
  requirement,
} from './support.js';

const nginxBinary = '/usr/sbin/nginx';
const siteDir = path.join(repoRoot, 'deploy', 'nginx');
const API_NAME = 'api.registry.example.org';
const WEB_NAME = 'registry.example.org';
const runnable =
  requirement('nginx', existsSync(nginxBinary), 'apt-get install nginx') &&
  requirement('openssl', commandExists('openssl'), 'apt-get install openssl');

function commandExists(command: string): boolean {
  try {
    execFileSync(command, ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * An HTTPS client that resolves the site's names to this machine and trusts only the test
 * certificate, so every request really goes through nginx's TLS with name-based routing.
 */
function client(ca: string) {
  return (url: string, init: { method?: string; headers?: Record<string, string>; body?: Buffer } = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const request = https.request(
        url,
        {
          method: init.method ?? 'GET',
          headers: init.headers,
          ca,
          lookup: (_host, options, callback) => {
            if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
            else (callback as unknown as (e: null, a: string, f: number) => void)(null, '127.0.0.1', 4);
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      request.on('error', reject);
      request.end(init.body);
    });
}

/** The repository's site configuration with only ports, certificate and include paths filled in. */
function siteConfig(ports: { http: number; https: number; api: number; web: number }, certDir: string): string {
  const site = readFileSync(path.join(siteDir, 'registry.conf'), 'utf8')
    .replaceAll('listen 80;', `listen 127.0.0.1:${ports.http};`)
    .replaceAll('listen 443 ssl', `listen 127.0.0.1:${ports.https} ssl`)
    .replace('server 127.0.0.1:8080;', `server 127.0.0.1:${ports.api};`)
    .replace('server 127.0.0.1:3000;', `server 127.0.0.1:${ports.web};`)
    .replaceAll('/etc/ssl/registry/', `${certDir}/`)
    .replaceAll('include snippets/', `include ${siteDir}/snippets/`);
  expect(site).not.toMatch(/:8080;|:3000;|\/etc\/ssl|listen 443|listen 80;/);
  return site;
}

async function waitForPort(port: number, nginx: ChildProcess, errorLog: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (nginx.exitCode !== null) {
      throw new Error(`nginx exited: ${existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : ''}`);
    }
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('nginx did not start listening');
}

describe.runIf(runnable)('HTTPS through nginx with deploy/nginx/registry.conf', () => {
  it('serves the catalogue, publishing, uploads, installs, downloads and the web app over TLS', async () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'registry-nginx-'));
    // nginx's workers run as an unprivileged user when it starts as root; they need to reach this folder.
    chmodSync(work, 0o755);
    cleanups.push(() => rmSync(work, { recursive: true, force: true }));
    const ports = { http: await freePort(), https: await freePort(), api: await freePort(), web: await freePort() };
    const apiUrl = `https://${API_NAME}:${ports.https}`;
    const webUrl = `https://${WEB_NAME}:${ports.https}`;

    // biome-ignore format: one openssl command line
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${WEB_NAME}`,
      '-addext', `subjectAltName=DNS:${WEB_NAME},DNS:${API_NAME}`,
      '-keyout', path.join(work, 'privkey.pem'), '-out', path.join(work, 'fullchain.pem'),
    ], { stdio: 'ignore' });
    const ca = readFileSync(path.join(work, 'fullchain.pem'), 'utf8');

    // The registry as the configuration file's comment says to run it behind the proxy.
    const env = { PUBLIC_API_URL: apiUrl, PUBLIC_WEB_URL: webUrl, TRUST_PROXY: 'true' };
    const t = await buildTestApp(env);
    const { token } = await acmeWithToken(t);
    await t.app.listen({ port: ports.api, host: '127.0.0.1' });
    const webRoot = path.join(work, 'web');
    mkdirSync(webRoot);
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html><head><!--registry-config--></head></html>');
    // A built asset with the copies `npm run build` writes beside it.
    const script = Buffer.from(`console.log(${JSON.stringify('bundle '.repeat(500))});`);
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'assets', 'index-abc.js'), script);
    writeFileSync(path.join(webRoot, 'assets', 'index-abc.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(webRoot, 'assets', 'index-abc.js.gz'), gzipSync(script));
    const web = await buildWebApp(createContext(t.config, t.database), { webRoot });
    await web.listen({ port: ports.web, host: '127.0.0.1' });
    cleanups.push(() => web.close());

    writeFileSync(path.join(work, 'registry.conf'), siteConfig(ports, work));
    const temp = (name: string) => `${name}_temp_path ${path.join(work, name)};`;
    writeFileSync(
      path.join(work, 'nginx.conf'),
      [
        'daemon off;',
        `pid ${path.join(work, 'nginx.pid')};`,
        `error_log ${path.join(work, 'error.log')} warn;`,
        'worker_processes 1;',
        'events { worker_connections 64; }',
        `http { access_log off; ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join(' ')}`,
        `  include ${path.join(work, 'registry.conf')}; }`,
      ].join('\n'),
    );
    const errorLog = path.join(work, 'error.log');
    const nginx = spawn(nginxBinary, ['-p', work, '-e', errorLog, '-c', path.join(work, 'nginx.conf')], {
      stdio: 'ignore',
    });
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          if (nginx.exitCode !== null) return resolve();
          nginx.once('exit', () => resolve());
          nginx.kill('SIGQUIT');
        }),
    );
    await waitForPort(ports.https, nginx, errorLog);
    const send = client(ca);

    // Publish with a token, as comfy-cli does, through the proxy: the signed upload URL must be
    // the HTTPS address, not the registry's own listener.
    const published = await send(`${apiUrl}/publishers/acme/nodes/hello/versions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify(cliPublishBody(token, 'hello', '1.0.0'))),
    });
    expect(published.status).toBe(201);
    const { signedUrl } = JSON.parse(published.body.toString()) as { signedUrl: string };
    expect(signedUrl.startsWith(`${apiUrl}/uploads/`)).toBe(true);

    // Larger than nginx's default 1 MB body limit, so the configuration's upload settings matter.
    const zip = packZip({
      name: 'hello',
      version: '1.0.0',
      files: { 'assets/blob.bin': randomBytes(3 * 1024 * 1024) },
    });
    expect(zip.length).toBeGreaterThan(3 * 1024 * 1024);
    const uploaded = await send(signedUrl, {
      method: 'PUT',
      headers: { 'content-type': 'application/zip', 'content-length': String(zip.length) },
      body: Buffer.from(zip),
    });
    expect(uploaded.status).toBe(200);
    await processQueuedJobs(t);

    // The catalogue as ComfyUI-Manager reads it.
    const catalogue = await send(`${apiUrl}/nodes?page=1&limit=30&comfyui_version=unknown&form_factor=git-linux`);
    expect(catalogue.status).toBe(200);
    expect(catalogue.headers['strict-transport-security']).toBe('max-age=63072000');
    const page = JSON.parse(catalogue.body.toString()) as {
      nodes: { id: string; latest_version?: { version: string } }[];
    };
    expect(page.nodes.map((n) => [n.id, n.latest_version?.version])).toEqual([['hello', '1.0.0']]);

    // Install and download: the download URL is the HTTPS address too, and serves the same bytes.
    const install = await send(`${apiUrl}/nodes/hello/install?version=1.0.0`);
    expect(install.status).toBe(200);
    const { downloadUrl } = JSON.parse(install.body.toString()) as { downloadUrl: string };
    expect(downloadUrl).toBe(`${apiUrl}/files/acme/hello/1.0.0/node.zip`);
    const download = await send(downloadUrl);
    expect(download.status).toBe(200);
    expect(Buffer.compare(download.body, Buffer.from(zip))).toBe(0);
    const files = unzipSync(new Uint8Array(download.body));
    expect(strFromU8(files['pyproject.toml'] ?? new Uint8Array())).toContain('name = "hello"');

    // ComfyUI-Manager v4's own code with the connector, given the HTTPS address as a user gives it
    // (COMFY_REGISTRY_URL); the name resolves to loopback as a hosts-file line would make it, and
    // Python trusts the test certificate through the variables docs/clients.md names.
    const managerDir = managerV4Source();
    if (
      requirement(
        'ComfyUI-Manager v4 source (../shared/clients/comfyui-manager-v4)',
        managerDir !== undefined,
        'set COMFYUI_MANAGER_V4_DIR',
      ) &&
      requirement(`Python with ${managerModules.join(', ')}`, pythonHas(managerModules), 'see .ci/run')
    ) {
      const managerWork = path.join(work, 'manager');
      mkdirSync(managerWork);
      const out = path.join(managerWork, 'result.json');
      const { COMFY_REGISTRY_URL: _unset, ...inherited } = process.env;
      await new Promise<void>((resolve, reject) => {
        execFile(
          python,
          [
            path.join(repoRoot, 'server/test/clients/manager-driver.py'),
            managerDir ?? '',
            path.join(repoRoot, 'clients', 'comfyui'),
            managerWork,
            'v4-source',
            'connector-first',
            out,
          ],
          {
            env: {
              ...inherited,
              PYTHONDONTWRITEBYTECODE: '1',
              COMFY_REGISTRY_URL: apiUrl,
              SSL_CERT_FILE: path.join(work, 'fullchain.pem'),
              REQUESTS_CA_BUNDLE: path.join(work, 'fullchain.pem'),
              DRIVER_LOOPBACK_NAMES: API_NAME,
              DRIVER_CALLS: '1',
              DRIVER_LATEST: '1.0.0',
            },
            timeout: 120_000,
          },
          (error, _stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve()),
        );
      });
      const managed = JSON.parse(readFileSync(out, 'utf8')) as {
        base_url: string;
        catalogue: { id: string; version: string }[];
        install_latest: { download_url: string };
        manager_install: { ok: boolean };
        installed_files: string[];
      };
      expect(managed.base_url).toBe(apiUrl);
      expect(managed.catalogue).toEqual([expect.objectContaining({ id: 'hello', version: '1.0.0' })]);
      expect(managed.install_latest.download_url).toBe(downloadUrl);
      expect(managed.manager_install.ok).toBe(true);
      expect(managed.installed_files).toContain('pyproject.toml');
    }

    // The ComfyUI front end's calls (redirected by the connector's extension) from ComfyUI's
    // origin: the CORS answers pass through nginx, for reads and for the review post (401).
    const comfyOrigin = 'http://127.0.0.1:8188';
    for (const [method, target] of [
      ['GET', '/nodes?limit=16&page=1&sort=publisher_id%3Bdesc'],
      ['POST', '/nodes/hello/reviews?star=5'],
    ] as const) {
      const asked = await send(`${apiUrl}${target}`, {
        method: 'OPTIONS',
        headers: {
          origin: comfyOrigin,
          'access-control-request-method': method,
          'access-control-request-headers': 'content-type',
        },
      });
      expect(asked.status).toBe(204);
      expect(asked.headers['access-control-allow-origin']).toBe('*');
    }
    const read = await send(`${apiUrl}/nodes?limit=16&page=1&sort=publisher_id%3Bdesc`, {
      headers: { origin: comfyOrigin, 'content-type': 'application/json' },
    });
    expect(read.status).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBe('*');
    const review = await send(`${apiUrl}/nodes/hello/reviews?star=5`, {
      method: 'POST',
      headers: { origin: comfyOrigin, 'content-type': 'application/json' },
    });
    expect(review.status).toBe(401);
    expect(review.headers['access-control-allow-origin']).toBe('*');

    // comfy-cli in dev mode through a TLS forward on its fixed address, as `socat TCP-LISTEN:8080,...
    // OPENSSL:<api host>:443` runs it (docs/clients.md): plain HTTP in with Host "localhost:8080",
    // TLS with the API's name out; nginx's default server takes it to the API.
    const relay = net.createServer((incoming) => {
      const outgoing = tls.connect({ port: ports.https, host: '127.0.0.1', servername: API_NAME, ca });
      for (const socket of [incoming, outgoing]) socket.on('error', () => socket.destroy());
      incoming.pipe(outgoing).pipe(incoming);
    });
    const relayPort = await freePort();
    await new Promise<void>((resolve) => relay.listen(relayPort, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => relay.close(() => resolve())));
    const viaForward = await fetch(`http://127.0.0.1:${relayPort}/nodes/hello/install`, {
      headers: { host: 'localhost:8080', 'user-agent': 'python-requests/2.32.3', connection: 'close' },
    });
    expect(viaForward.status).toBe(200);
    expect(((await viaForward.json()) as { downloadUrl: string }).downloadUrl).toBe(downloadUrl);

    // The web app answers on its own name, and tells the browser the HTTPS API address.
    const home = await send(`${webUrl}/`);
    expect(home.status).toBe(200);
    expect(home.body.toString()).toContain(`"apiUrl":"${apiUrl}"`);

    // Compression through the proxy: the registry's own brotli copy passes untouched, gzip where
    // the browser asks only for that, and nginx gzips the JSON the registry sends plain.
    const brotli = await send(`${webUrl}/assets/index-abc.js`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.body).equals(script)).toBe(true);
    const gzip = await send(`${webUrl}/assets/index-abc.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(script)).toBe(true);
    const openapi = await send(`${apiUrl}/openapi`, { headers: { 'accept-encoding': 'gzip' } });
    expect(openapi.status).toBe(200);
    expect(openapi.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(openapi.body).toString())).toHaveProperty('openapi');

    // Plain HTTP is sent to HTTPS.
    const plain = await new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
      const request = net.connect(ports.http, '127.0.0.1', () =>
        request.write(`GET /nodes?page=2 HTTP/1.1\r\nHost: ${API_NAME}\r\nConnection: close\r\n\r\n`),
      );
      let text = '';
      request.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      request.on('end', () =>
        resolve({
          status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1]),
          location: /\r\nLocation: (\S+)/i.exec(text)?.[1],
        }),
      );
      request.on('error', reject);
    });
    expect(plain).toEqual({ status: 301, location: `https://${API_NAME}/nodes?page=2` });
  });
});
