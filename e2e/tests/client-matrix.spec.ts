import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { request as playwrightRequest } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { packArchive, publisherWithToken, publishWithToken, signUpUser } from '../support/publishing';
import type { E2EState } from '../support/state';

// The client matrix: every real client of the registry against one instance, in one run. The
// comfy-cli publish protocol publishes a pack; ComfyUI-Manager v3 and v4 (their own code, read in
// place from ../shared/clients/) list, resolve and install it through the ComfyUI connector; and
// the ComfyUI front end's registry calls, made with real axios configured as the front end's
// registry service (base URL https://api.comfy.org) from a page on ComfyUI's origin that loaded
// the connector's front-end extension, land on this registry. Prints a client × step table and
// fails when any step fails.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const connectorDir = path.join(root, 'clients', 'comfyui');
const managerDriver = path.join(root, 'server', 'test', 'clients', 'manager-driver.py');
const standIn = path.join(root, 'e2e', 'support', 'comfyui-standin.py');
const managers = {
  'ComfyUI-Manager v3': { dir: path.resolve(root, '../shared/clients/comfyui-manager'), layout: 'v3' },
  'ComfyUI-Manager v4': { dir: path.resolve(root, '../shared/clients/comfyui-manager-v4'), layout: 'v4-source' },
} as const;
const axiosFile = path.join(
  path.dirname(createRequire(import.meta.url).resolve('axios/package.json')),
  'dist',
  'axios.min.js',
);
/** Debian's python3 (CI installs the Manager's packages for it), else the PATH's. */
const python = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const pythonModules = ['aiohttp', 'requests', 'toml', 'git', 'tqdm', 'yaml', 'rich', 'packaging'];
const inCi = process.env.CI === 'true' || process.env.CI === '1';
const PUBLIC_REGISTRY = 'https://api.comfy.org';
/** ComfyUI's default address; another free port when something already listens there. */
const COMFYUI_PORT = 8188;

function pythonReady(): boolean {
  return spawnSync(python, ['-c', `import ${pythonModules.join(', ')}`], { stdio: 'ignore' }).status === 0;
}

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

/** Starts a child and resolves once `ready` matches its output; rejects if it exits first. */
function startChild(command: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) resolve(child);
    };
    child.stdout?.on('data', seen);
    child.stderr?.on('data', seen);
    child.once('exit', (code) => reject(new Error(`${path.basename(args[0] ?? command)} exited (${code}): ${output}`)));
  });
}

async function waitFor(url: string): Promise<void> {
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(url)).ok;
        } catch {
          return false;
        }
      },
      { timeout: 60_000, intervals: [200, 500] },
    )
    .toBe(true);
}

interface Row {
  client: string;
  step: string;
  ok: boolean;
  detail: string;
}

const rows: Row[] = [];

/** Runs one step of one client; a failure is recorded (and the run goes on to the next step). */
async function step(client: string, name: string, run: () => Promise<void> | void): Promise<boolean> {
  try {
    await run();
    rows.push({ client, step: name, ok: true, detail: '' });
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the terminal colours of expect's messages
    const plain = message.replace(/\u001b\[[0-9;]*m/g, '');
    rows.push({ client, step: name, ok: false, detail: plain.split('\n').find((l) => l.trim() !== '') ?? '' });
    return false;
  }
}

function table(): string {
  const widths = [
    Math.max(6, ...rows.map((r) => r.client.length)),
    Math.max(4, ...rows.map((r) => r.step.length)),
  ] as const;
  const line = (a: string, b: string, c: string) => `${a.padEnd(widths[0])} | ${b.padEnd(widths[1])} | ${c}`;
  return [
    line('client', 'step', 'result'),
    `${'-'.repeat(widths[0])}-+-${'-'.repeat(widths[1])}-+-------`,
    ...rows.map((r) => line(r.client, r.step, r.ok ? 'ok' : `FAIL ${r.detail}`)),
  ].join('\n');
}

// The registry of this run: its own instance, so the Managers walk a catalogue of a few packs
// rather than the thousands the other specs' instance imports.
let registryProcess: ChildProcess | undefined;
const comfyui: ChildProcess[] = [];
let dataDir = '';
let registry: E2EState;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'registry-matrix-'));
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(apiPort),
    WEB_PORT: String(webPort),
    PUBLIC_API_URL: apiUrl,
    PUBLIC_WEB_URL: webUrl,
    // Its start-up advice about the empty catalogue is not for this run.
    LOG_LEVEL: 'error',
    WORKERS: '1',
    EMAIL_VERIFICATION_REQUIRED: 'false',
  };
  delete env.DATABASE_URL;
  registryProcess = spawn('node', ['server/dist/main.js'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  await waitFor(`${apiUrl}/health`);
  await waitFor(`${webUrl}/`);
  const none = { email: '', password: '', name: '' };
  registry = { apiUrl, webUrl, dataDir, repositoryFiles: '', users: { user: none, admin: none, sso: none } };
});

test.afterAll(async () => {
  for (const child of [...comfyui, registryProcess]) {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('every client against one instance: comfy-cli, ComfyUI-Manager v3 and v4, the ComfyUI front end', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const python3Ready = pythonReady();
  if (!python3Ready && !inCi) {
    test.skip(
      true,
      `Python with ${pythonModules.join(', ')} is not available here (apt-get install python3-aiohttp …)`,
    );
  }
  const publisherId = 'matrix';
  const packId = 'matrix-pack';
  const { apiUrl } = registry;

  // comfy-cli: `comfy node publish` (POST with the token in the body, PUT of the zip to the
  // signed URL), then the reads and the install its other commands make, as it sends them.
  const cli = 'comfy-cli';
  const anon = await playwrightRequest.newContext();
  const owner = await signUpUser(anon, registry, 'matrix');
  const publisher = await publisherWithToken(registry, { ...owner }, publisherId);
  for (const version of ['1.0.0', '1.1.0']) {
    await step(cli, `publish ${version} (POST versions, PUT signedUrl, processed)`, async () => {
      const published = await publishWithToken(anon, registry, {
        publisherId,
        nodeId: packId,
        version,
        name: 'Matrix Pack',
        description: 'The pack every client of the matrix reads',
        accessToken: publisher.token,
        member: publisher.api,
      });
      expect(published.status).toBe('NodeVersionStatusActive');
    });
  }
  const cliHeaders = { 'user-agent': 'python-requests/2.32.3', accept: '*/*' };
  let downloadUrl = '';
  await step(cli, 'registry-install (GET /nodes/{id}/install)', async () => {
    const install = await fetch(`${apiUrl}/nodes/${packId}/install?version=1.0.0`, { headers: cliHeaders });
    expect(install.status).toBe(200);
    const body = (await install.json()) as { version: string; downloadUrl: string };
    expect(body.version).toBe('1.0.0');
    downloadUrl = body.downloadUrl;
    expect(downloadUrl).toBe(`${apiUrl}/files/${publisherId}/${packId}/1.0.0/node.zip`);
  });
  await step(cli, 'download (GET downloadUrl)', async () => {
    const download = await fetch(downloadUrl, { headers: cliHeaders });
    expect(download.status).toBe(200);
    const zip = Buffer.from(await download.arrayBuffer());
    const expected = packArchive({
      publisherId,
      nodeId: packId,
      version: '1.0.0',
      name: 'Matrix Pack',
      description: 'The pack every client of the matrix reads',
    });
    expect(Buffer.compare(zip, expected)).toBe(0);
  });
  await step(cli, 'registry-list (GET /nodes)', async () => {
    const list = (await (await fetch(`${apiUrl}/nodes`, { headers: cliHeaders })).json()) as {
      nodes: { id: string }[];
    };
    expect(list.nodes.map((n) => n.id)).toEqual([packId]);
  });
  await step(cli, 'outdated, deps --registry (GET /nodes/{id})', async () => {
    const node = (await (await fetch(`${apiUrl}/nodes/${packId}`, { headers: cliHeaders })).json()) as {
      latest_version: { version: string; dependencies: unknown[] };
    };
    expect(node.latest_version).toEqual(expect.objectContaining({ version: '1.1.0', dependencies: [] }));
  });
  await anon.dispose();

  // ComfyUI-Manager v3 and v4: their own registry and install code, with the connector loaded as
  // ComfyUI loads it (prestartup script, then the custom-node package), in fresh Python processes.
  for (const [client, manager] of Object.entries(managers)) {
    const work = mkdtempSync(path.join(os.tmpdir(), 'matrix-manager-'));
    const out = path.join(work, 'result.json');
    let log = '';
    let result: {
      base_url?: string;
      catalogue?: { id: string; version: string; publisher: string }[];
      install_latest?: { version: string; download_url: string };
      install_pinned?: { version: string; download_url: string };
      install_unknown?: boolean;
      versions?: string[];
      manager_install?: { ok: boolean; msg: string | null };
      installed_files?: string[];
      downloads?: string[];
    } = {};
    const ran = await step(client, 'loads with the connector (COMFY_REGISTRY_URL)', async () => {
      expect(existsSync(manager.dir), `${manager.dir} (../shared/clients/)`).toBe(true);
      const { COMFY_REGISTRY_URL: _unset, ...inherited } = process.env;
      log = await new Promise<string>((resolve, reject) => {
        execFile(
          python,
          [managerDriver, manager.dir, connectorDir, work, manager.layout, 'connector-first', out],
          {
            env: {
              ...inherited,
              PYTHONDONTWRITEBYTECODE: '1',
              NO_PROXY: '127.0.0.1,localhost',
              COMFY_REGISTRY_URL: apiUrl,
              DRIVER_CALLS: '1',
              DRIVER_PACK: packId,
              DRIVER_PINNED: '1.0.0',
              DRIVER_LATEST: '1.1.0',
            },
            timeout: 120_000,
          },
          (error, _stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stderr)),
        );
      });
      result = JSON.parse(readFileSync(out, 'utf8')) as typeof result;
      expect(result.base_url).toBe(apiUrl);
      expect(log).toContain(`base_url: ${PUBLIC_REGISTRY} -> ${apiUrl}`);
    });
    const files = `${apiUrl}/files/${publisherId}/${packId}`;
    const checks: [string, () => void][] = [
      [
        'catalogue (get_cnr_data: GET /nodes pages)',
        () => expect(result.catalogue).toEqual([{ id: packId, version: '1.1.0', publisher: `E2E ${publisherId}` }]),
      ],
      [
        'install_node latest (GET /nodes/{id}/install)',
        () => expect(result.install_latest).toEqual({ version: '1.1.0', download_url: `${files}/1.1.0/node.zip` }),
      ],
      [
        'install_node pinned (?version=1.0.0)',
        () => expect(result.install_pinned).toEqual({ version: '1.0.0', download_url: `${files}/1.0.0/node.zip` }),
      ],
      ['install_node unknown pack (404 → None)', () => expect(result.install_unknown).toBe(true)],
      ['all_versions_of_node (GET /nodes/{id}/versions)', () => expect(result.versions).toEqual(['1.1.0', '1.0.0'])],
      [
        'cnr_install (download, unpack, .tracking)',
        () => {
          expect(result.manager_install).toEqual(expect.objectContaining({ ok: true }));
          expect(result.installed_files).toEqual(['.tracking', '__init__.py', 'pyproject.toml']);
          expect(result.downloads).toEqual([`${files}/1.1.0/node.zip`]);
        },
      ],
    ];
    for (const [name, check] of checks) {
      await step(client, name, () => {
        if (!ran) throw new Error('the Manager did not run');
        check();
      });
    }
    rmSync(work, { recursive: true, force: true });
  }

  // The ComfyUI front end: a page on ComfyUI's origin that loaded the connector's extension
  // (served by the connector's own Python code, as ComfyUI serves it), then the front end's
  // registry calls through real axios with the public base URL.
  const fe = 'ComfyUI front end';
  const consoleLines: string[] = [];
  page.on('console', (message) => consoleLines.push(message.text()));
  const reachedPublic: string[] = [];
  // Nothing may leave the machine: calls that stay on api.comfy.org are answered here, and recorded.
  await page.context().route(`${PUBLIC_REGISTRY}/**`, async (route) => {
    reachedPublic.push(`${route.request().method()} ${route.request().url()}`);
    await route.fulfill({
      status: 200,
      headers: { 'access-control-allow-origin': '*' },
      contentType: 'application/json',
      body: JSON.stringify({ answeredBy: 'public' }),
    });
  });
  /** Starts the ComfyUI stand-in with the connector on `ports[0]`, or the next when that is taken. */
  const startComfyUI = async (env: NodeJS.ProcessEnv, ports: number[]): Promise<string> => {
    for (const port of ports) {
      try {
        const child = await startChild(python, [standIn, connectorDir, String(port), axiosFile], env, /listening/);
        comfyui.push(child);
        return `http://127.0.0.1:${port}`;
      } catch (error) {
        if (port === ports[ports.length - 1]) throw error;
      }
    }
    throw new Error('no port');
  };
  const { COMFY_REGISTRY_URL: _unset, ...withoutSetting } = process.env;
  const started = await step(fe, 'page on ComfyUI’s origin loads the extension', async () => {
    const origin = await startComfyUI({ ...withoutSetting, PYTHONDONTWRITEBYTECODE: '1', COMFY_REGISTRY_URL: apiUrl }, [
      COMFYUI_PORT,
      await freePort(),
    ]);
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => Array.isArray((window as { extensionsLoaded?: unknown }).extensionsLoaded));
  });
  await step(fe, 'the extension says in the console what it redirects', () => {
    expect(consoleLines).toContainEqual(
      `[Registry connector] the front end's registry calls (/nodes, /publishers, /comfy-nodes, /bulk/nodes/versions) go to ${apiUrl} instead of ${PUBLIC_REGISTRY}; other ${PUBLIC_REGISTRY} calls are unchanged`,
    );
  });

  interface Call {
    name: string;
    method: 'get' | 'post';
    path: string;
    params?: Record<string, string | number | boolean | string[]>;
    data?: unknown;
  }
  interface Answer {
    status: number;
    data: unknown;
    /** Where the request really went (XMLHttpRequest.responseURL). */
    url: string;
    error?: string;
  }
  /** The calls, made as the front end's comfyRegistryService makes them. */
  const send = (calls: Call[]) =>
    page.evaluate(async (list): Promise<Answer[]> => {
      type Axios = {
        create(config: unknown): {
          request(config: unknown): Promise<{ status: number; data: unknown; request: XMLHttpRequest }>;
        };
      };
      const axios = (window as unknown as { axios: Axios }).axios;
      const client = axios.create({
        baseURL: 'https://api.comfy.org',
        headers: { 'Content-Type': 'application/json' },
        paramsSerializer: { indexes: null },
      });
      const answers: Answer[] = [];
      for (const call of list) {
        try {
          const response = await client.request({
            method: call.method,
            url: call.path,
            params: call.params,
            data: call.data,
          });
          answers.push({ status: response.status, data: response.data, url: response.request.responseURL });
        } catch (error) {
          const failed = error as {
            response?: { status: number; data: unknown; request: XMLHttpRequest };
            message: string;
          };
          answers.push({
            status: failed.response?.status ?? 0,
            data: failed.response?.data ?? null,
            url: failed.response?.request.responseURL ?? '',
            error: failed.message,
          });
        }
      }
      return answers;
    }, calls);

  type ListedNode = {
    id: string;
    publisher: { id: string; name: string };
    latest_version?: { version: string; status: string; createdAt: string };
    status: string;
  };
  type NodesPage = { nodes: ListedNode[]; total: number };
  const since = new Date(Date.now() - 3_600_000).toISOString();
  const calls: [Call, (answer: Answer) => void][] = [
    ...['total_install;desc', 'name', 'publisher_name', 'publisher_id;desc', 'last_updated;desc'].map(
      (sort): [Call, (answer: Answer) => void] => [
        { name: `listAllPacks sort=${sort}`, method: 'get', path: '/nodes', params: { limit: 16, page: 1, sort } },
        (a) => {
          const nodes = (a.data as NodesPage).nodes;
          expect(nodes.map((n) => n.id)).toEqual([packId]);
          expect(nodes[0]?.publisher).toEqual({ id: publisherId, name: `E2E ${publisherId}` });
        },
      ],
    ),
    [
      {
        name: 'listAllPacks with filters and timestamp',
        method: 'get',
        path: '/nodes',
        params: { limit: 16, page: 1, sort: 'last_updated;desc', timestamp: since },
      },
      (a) => expect((a.data as NodesPage).nodes.map((n) => n.id)).toContain(packId),
    ],
    [
      {
        name: 'listAllPacks filtered by OS and accelerator',
        method: 'get',
        path: '/nodes',
        params: { limit: 16, page: 1, supported_os: 'windows', supported_accelerator: 'cuda' },
      },
      (a) => expect(a.data).toEqual(expect.objectContaining({ nodes: expect.any(Array), total: expect.any(Number) })),
    ],
    [
      { name: 'getPacksByIds', method: 'get', path: '/nodes', params: { node_id: [packId, 'MATRIX-PACK'] } },
      (a) =>
        expect((a.data as NodesPage).nodes[0]?.latest_version).toEqual(
          expect.objectContaining({ version: '1.1.0', status: 'NodeVersionStatusActive' }),
        ),
    ],
    [
      {
        name: 'template availability (include_banned)',
        method: 'get',
        path: '/nodes',
        params: { node_id: [packId], include_banned: true, page: 1, limit: 1 },
      },
      (a) => expect((a.data as NodesPage).total).toBe((a.data as NodesPage).nodes.length),
    ],
    [
      {
        name: 'search fallback by text',
        method: 'get',
        path: '/nodes/search',
        params: { search: 'matrix pack', limit: 16, page: 1 },
      },
      (a) => expect((a.data as NodesPage).nodes.map((n) => n.id)).toContain(packId),
    ],
    [
      {
        name: 'search fallback by node class',
        method: 'get',
        path: '/nodes/search',
        params: { comfy_node_search: 'HelloNode', limit: 16, page: 1 },
      },
      (a) => expect((a.data as NodesPage).nodes.map((n) => n.id)).toContain(packId),
    ],
    [
      { name: 'getPackById', method: 'get', path: `/nodes/${packId}` },
      (a) => expect((a.data as ListedNode).latest_version?.version).toBe('1.1.0'),
    ],
    [
      { name: 'getPackVersions', method: 'get', path: `/nodes/${packId}/versions` },
      (a) => expect((a.data as { version: string }[]).map((v) => v.version)).toEqual(['1.1.0', '1.0.0']),
    ],
    [
      { name: 'getPackByVersion', method: 'get', path: `/nodes/${packId}/versions/1.0.0` },
      (a) => expect(a.data).toEqual(expect.objectContaining({ version: '1.0.0', status: 'NodeVersionStatusActive' })),
    ],
    [
      { name: 'getPublisherById', method: 'get', path: `/publishers/${publisherId}` },
      (a) => expect(a.data).toEqual(expect.objectContaining({ id: publisherId })),
    ],
    [
      {
        name: 'listPacksForPublisher',
        method: 'get',
        path: `/publishers/${publisherId}/nodes`,
        params: { include_banned: true },
      },
      (a) => expect((a.data as { id: string }[]).map((n) => n.id)).toEqual([packId]),
    ],
    [
      {
        name: 'getNodeDefs (page=1, limit=256)',
        method: 'get',
        path: `/nodes/${packId}/versions/1.1.0/comfy-nodes`,
        params: { page: 1, limit: 256 },
      },
      (a) => {
        const defs = a.data as { comfy_nodes: { comfy_node_name: string; return_types: string }[] };
        expect(defs.comfy_nodes.map((n) => n.comfy_node_name)).toEqual(['HelloNode']);
        expect(JSON.parse(defs.comfy_nodes[0]?.return_types ?? 'null')).toEqual(['STRING']);
      },
    ],
    [
      {
        name: 'getNodeDefs (limit=8192, clamped)',
        method: 'get',
        path: `/nodes/${packId}/versions/1.1.0/comfy-nodes`,
        params: { limit: 8192 },
      },
      (a) => expect((a.data as { comfy_nodes: unknown[] }).comfy_nodes).toHaveLength(1),
    ],
    [
      { name: 'inferPackFromNodeName', method: 'get', path: '/comfy-nodes/HelloNode/node' },
      (a) => expect((a.data as ListedNode).id).toBe(packId),
    ],
    [
      {
        name: 'getBulkNodeVersions',
        method: 'post',
        path: '/bulk/nodes/versions',
        data: {
          node_versions: [
            { node_id: packId, version: '1.0.0' },
            { node_id: packId, version: '9.9.9' },
          ],
        },
      },
      (a) =>
        expect((a.data as { node_versions: { status: string }[] }).node_versions.map((v) => v.status)).toEqual([
          'success',
          'not_found',
        ]),
    ],
  ];
  const expectedStatus = (call: Call) => (call.name.startsWith('postPackReview') ? 401 : 200);
  calls.push([
    {
      name: 'postPackReview (no token: 401)',
      method: 'post',
      path: `/nodes/${packId}/reviews`,
      params: { star: 5 },
      data: null,
    },
    (a) => expect(a.data).toEqual({ message: expect.any(String), error: expect.any(String) }),
  ]);

  // The search follows the catalogue's change feed: the pack is findable a moment after it is
  // published. Wait for that (any client would just see it a moment later), then replay.
  await expect
    .poll(
      async () => {
        const found = await fetch(`${apiUrl}/nodes/search?search=matrix%20pack&limit=16&page=1`);
        return ((await found.json()) as NodesPage).nodes.map((n) => n.id);
      },
      { timeout: 60_000, intervals: [250, 500, 1000] },
    )
    .toContain(packId)
    .catch(() => undefined);
  const answers = started ? await send(calls.map(([call]) => call)) : [];
  for (const [index, [call, check]] of calls.entries()) {
    const query = call.params ? '?…' : '';
    await step(
      fe,
      `${call.name}: ${call.method.toUpperCase()} ${call.path.replace(packId, '{id}').replace(publisherId, '{publisher}')}${query}`,
      () => {
        const answer = answers[index];
        if (!answer) throw new Error('not sent');
        expect(answer.url.startsWith(`${apiUrl}/`), `answered from ${answer.url || 'nowhere'}`).toBe(true);
        expect(answer.status, answer.error).toBe(expectedStatus(call));
        check(answer);
      },
    );
  }
  await step(fe, 'every redirect is named in the console', () => {
    expect(
      consoleLines.filter((l) => l.startsWith(`[Registry connector] GET ${PUBLIC_REGISTRY}/nodes`)).length,
    ).toBeGreaterThan(0);
    expect(consoleLines).toContainEqual(
      `[Registry connector] POST ${PUBLIC_REGISTRY}/bulk/nodes/versions -> ${apiUrl}/bulk/nodes/versions`,
    );
  });
  await step(fe, 'no registry call reached api.comfy.org', () => expect(reachedPublic).toEqual([]));
  await step(fe, 'a non-registry call (GET /releases) stays on api.comfy.org', async () => {
    const [answer] = started
      ? await send([{ name: 'releases', method: 'get', path: '/releases', params: { project: 'comfyui' } }])
      : [];
    expect(answer?.url).toBe(`${PUBLIC_REGISTRY}/releases?project=comfyui`);
    expect(answer?.data).toEqual({ answeredBy: 'public' });
    expect(reachedPublic).toEqual([`GET ${PUBLIC_REGISTRY}/releases?project=comfyui`]);
  });

  await step(fe, 'the same calls made with fetch are redirected too', async () => {
    const urls = await page.evaluate(async (base) => {
      const init = { headers: { 'Content-Type': 'application/json' } };
      const plain = await fetch(`${base}/nodes/matrix-pack`, init);
      const asRequest = await fetch(new Request(`${base}/publishers/matrix`, init));
      const other = await fetch(`${base}/releases`);
      return [plain.url, asRequest.url, other.url, plain.status, asRequest.status];
    }, PUBLIC_REGISTRY);
    expect(urls).toEqual([
      `${apiUrl}/nodes/${packId}`,
      `${apiUrl}/publishers/${publisherId}`,
      `${PUBLIC_REGISTRY}/releases`,
      200,
      200,
    ]);
  });
  await step(fe, 'connector unconfigured: nothing redirected, nothing logged', async () => {
    const origin = await startComfyUI({ ...withoutSetting, PYTHONDONTWRITEBYTECODE: '1' }, [await freePort()]);
    const plain = await page.context().newPage();
    const lines: string[] = [];
    plain.on('console', (message) => lines.push(message.text()));
    await plain.goto(`${origin}/`);
    await plain.waitForFunction(() => Array.isArray((window as { extensionsLoaded?: unknown }).extensionsLoaded));
    const url = await plain.evaluate(async (base) => {
      const axios = (window as unknown as { axios: { get(url: string): Promise<{ request: XMLHttpRequest }> } }).axios;
      return (await axios.get(`${base}/nodes/matrix-pack`)).request.responseURL;
    }, PUBLIC_REGISTRY);
    expect(url).toBe(`${PUBLIC_REGISTRY}/nodes/matrix-pack`);
    expect(lines.filter((l) => l.includes('[Registry connector]'))).toEqual([]);
    await plain.close();
  });

  process.stdout.write(`\nClient matrix against ${apiUrl}\n${table()}\n`);
  expect(
    rows.filter((r) => !r.ok),
    'failed steps',
  ).toEqual([]);
});
