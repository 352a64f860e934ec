import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../support/fixtures';

// The ComfyUI front end reaching a registry by its own name over HTTPS, as docs/clients.md tells
// an operator to set it up: the registry behind the shipped nginx configuration
// (deploy/nginx/registry.conf, TLS), ComfyUI started with the connector and
// COMFY_REGISTRY_URL=https://api.registry.example.org:<port>. Chromium resolves that name to
// loopback (what a hosts-file line does) and trusts the test's own certificate.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const siteDir = path.join(root, 'deploy', 'nginx');
const nginxBinary = '/usr/sbin/nginx';
const python = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const API_NAME = 'api.registry.example.org';
const WEB_NAME = 'registry.example.org';
const PUBLIC_REGISTRY = 'https://api.comfy.org';
const inCi = process.env.CI === 'true' || process.env.CI === '1';
const axiosFile = path.join(
  path.dirname(createRequire(import.meta.url).resolve('axios/package.json')),
  'dist',
  'axios.min.js',
);

function available(): string | undefined {
  if (!existsSync(nginxBinary)) return 'nginx';
  if (spawnSync('openssl', ['version'], { stdio: 'ignore' }).status !== 0) return 'openssl';
  if (spawnSync(python, ['-c', 'import aiohttp'], { stdio: 'ignore' }).status !== 0) return 'python3-aiohttp';
  return undefined;
}
const missing = available();

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForPort(port: number, child: ChildProcess, what: string): Promise<void> {
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode})`);
        return new Promise<boolean>((resolve) => {
          const socket = connect(port, '127.0.0.1', () => {
            socket.end();
            resolve(true);
          });
          socket.on('error', () => resolve(false));
        });
      },
      { timeout: 30_000, intervals: [50, 100, 250] },
    )
    .toBe(true);
}

let httpsPort = 0;
const children: ChildProcess[] = [];
let work = '';
let comfyOrigin = '';

test.skip(missing !== undefined && !inCi, `${missing} is not available here (see .ci/run)`);
test.describe.configure({ mode: 'serial' });
// The rule maps the name only; the port stays the URL's.
test.use({
  ignoreHTTPSErrors: true,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      `--host-resolver-rules=MAP ${API_NAME} 127.0.0.1`,
    ],
  },
});

test.beforeAll(async ({ registry }) => {
  httpsPort = await freePort();
  work = mkdtempSync(path.join(os.tmpdir(), 'registry-fe-https-'));
  // nginx's workers run as an unprivileged user when it starts as root; they need this folder.
  chmodSync(work, 0o755);
  // biome-ignore format: one openssl command line
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${WEB_NAME}`,
    '-addext', `subjectAltName=DNS:${WEB_NAME},DNS:${API_NAME}`,
    '-keyout', path.join(work, 'privkey.pem'), '-out', path.join(work, 'fullchain.pem'),
  ], { stdio: 'ignore' });
  const apiPort = new URL(registry.apiUrl).port;
  const webPort = new URL(registry.webUrl).port;
  const site = readFileSync(path.join(siteDir, 'registry.conf'), 'utf8')
    .replaceAll('listen 80;', `listen 127.0.0.1:${await freePort()};`)
    .replaceAll('listen 443 ssl', `listen 127.0.0.1:${httpsPort} ssl`)
    .replace('server 127.0.0.1:8080;', `server 127.0.0.1:${apiPort};`)
    .replace('server 127.0.0.1:3000;', `server 127.0.0.1:${webPort};`)
    .replaceAll('/etc/ssl/registry/', `${work}/`)
    .replaceAll('include snippets/', `include ${siteDir}/snippets/`);
  writeFileSync(path.join(work, 'registry.conf'), site);
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
  const nginx = spawn(
    nginxBinary,
    ['-p', work, '-e', path.join(work, 'error.log'), '-c', path.join(work, 'nginx.conf')],
    {
      stdio: 'ignore',
    },
  );
  children.push(nginx);
  await waitForPort(httpsPort, nginx, 'nginx');

  const comfyPort = await freePort();
  const { COMFY_REGISTRY_URL: _unset, ...inherited } = process.env;
  const comfyui = spawn(
    python,
    [
      path.join(root, 'e2e/support/comfyui-standin.py'),
      path.join(root, 'clients/comfyui'),
      String(comfyPort),
      axiosFile,
    ],
    {
      cwd: root,
      env: { ...inherited, PYTHONDONTWRITEBYTECODE: '1', COMFY_REGISTRY_URL: `https://${API_NAME}:${httpsPort}` },
      stdio: 'ignore',
    },
  );
  children.push(comfyui);
  await waitForPort(comfyPort, comfyui, 'the ComfyUI stand-in');
  comfyOrigin = `http://127.0.0.1:${comfyPort}`;
});

test.afterAll(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(child.spawnfile === nginxBinary ? 'SIGQUIT' : 'SIGTERM');
    await exited;
  }
  if (work) rmSync(work, { recursive: true, force: true });
});

test('the front end’s registry calls reach the registry by its HTTPS name through nginx', async ({ page }) => {
  const registryBase = `https://${API_NAME}:${httpsPort}`;
  const reachedPublic: string[] = [];
  await page.context().route(`${PUBLIC_REGISTRY}/**`, async (route) => {
    reachedPublic.push(route.request().url());
    await route.fulfill({ status: 200, headers: { 'access-control-allow-origin': '*' }, json: {} });
  });
  const lines: string[] = [];
  page.on('console', (message) => lines.push(message.text()));
  await page.goto(`${comfyOrigin}/`);
  await page.waitForFunction(() => Array.isArray((window as { extensionsLoaded?: unknown }).extensionsLoaded));
  expect(lines.join('\n')).toContain(`go to ${registryBase} instead of ${PUBLIC_REGISTRY}`);

  const answers = await page.evaluate(async () => {
    type Client = {
      request(config: unknown): Promise<{ status: number; data: unknown; request: XMLHttpRequest }>;
    };
    const axios = (window as unknown as { axios: { create(config: unknown): Client } }).axios;
    const client = axios.create({
      baseURL: 'https://api.comfy.org',
      headers: { 'Content-Type': 'application/json' },
      paramsSerializer: { indexes: null },
    });
    const calls = [
      { method: 'get', url: '/nodes', params: { limit: 4, page: 1, sort: 'publisher_id;desc' } },
      { method: 'get', url: '/nodes/comfyui-impact-pack' },
      { method: 'get', url: '/nodes/search', params: { search: 'impact pack', limit: 4, page: 1 } },
      {
        method: 'post',
        url: '/bulk/nodes/versions',
        data: { node_versions: [{ node_id: 'comfyui-impact-pack', version: '1.0.0' }] },
      },
      { method: 'post', url: '/nodes/comfyui-impact-pack/reviews', params: { star: 5 }, data: null },
    ];
    const out: { status: number; url: string; data: unknown }[] = [];
    for (const call of calls) {
      try {
        const response = await client.request(call);
        out.push({ status: response.status, url: response.request.responseURL, data: response.data });
      } catch (error) {
        const failed = error as { response?: { status: number; request: XMLHttpRequest; data: unknown } };
        out.push({
          status: failed.response?.status ?? 0,
          url: failed.response?.request.responseURL ?? '',
          data: failed.response?.data ?? String(error),
        });
      }
    }
    return out;
  });
  expect(answers.map((a) => [a.status, a.url.split('?')[0]])).toEqual([
    [200, `${registryBase}/nodes`],
    [200, `${registryBase}/nodes/comfyui-impact-pack`],
    [200, `${registryBase}/nodes/search`],
    [200, `${registryBase}/bulk/nodes/versions`],
    [401, `${registryBase}/nodes/comfyui-impact-pack/reviews`],
  ]);
  expect(answers[1]?.data).toEqual(expect.objectContaining({ id: 'comfyui-impact-pack' }));
  expect(reachedPublic).toEqual([]);
});
