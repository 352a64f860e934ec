import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { createContext } from '../../src/context.js';
import { buildWebApp } from '../../src/modules/web-listener/app.js';
import { buildTestApp } from '../helpers/app.js';
import { testConfig } from '../helpers/config.js';
import { createTestDatabase } from '../helpers/database.js';
import { acmeWithToken } from '../routes/publishing/comfy-cli.js';
import {
  freePort,
  managerModules,
  managerSource,
  publishOver,
  python,
  pythonHas,
  repoRoot,
  requirement,
} from './support.js';

const connectorDir = path.join(repoRoot, 'clients', 'comfyui');
const driver = path.join(path.dirname(new URL(import.meta.url).pathname), 'manager-driver.py');
const manager = managerSource();
const runnable =
  requirement(
    'ComfyUI-Manager source (../shared/clients/comfyui-manager)',
    manager !== undefined,
    'set COMFYUI_MANAGER_DIR',
  ) &&
  requirement(
    `Python with ${managerModules.join(', ')}`,
    pythonHas(managerModules),
    'apt-get install python3-aiohttp python3-requests python3-toml python3-git python3-tqdm python3-yaml python3-rich python3-packaging',
  );

const temporary: string[] = [];
afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface DriverResult {
  base_url: string;
  hooked: boolean;
  node_class_mappings: Record<string, unknown>;
  catalogue?: { id: string; version: string; publisher: string }[];
  install_latest?: { version: string; download_url: string };
  install_pinned?: { version: string; download_url: string };
  install_unknown?: boolean;
  versions?: string[];
  manager_install?: { ok: boolean; msg: string | null };
  installed_files?: string[];
  downloads?: string[];
}

/**
 * Runs the Manager's code with the connector in a fresh Python process, as ComfyUI would load
 * them. Asynchronous, so the registry in this process can answer it.
 */
async function runManager(
  layout: 'v3' | 'v4',
  order: 'connector-first' | 'manager-first' | 'pth',
  env: Record<string, string>,
  connector = connectorDir,
): Promise<{ result: DriverResult; log: string }> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'comfyui-'));
  temporary.push(work);
  const out = path.join(work, 'result.json');
  const { COMFY_REGISTRY_URL: _ignored, ...inherited } = process.env;
  const log = await new Promise<string>((resolve, reject) => {
    execFile(
      python,
      [driver, manager ?? '', connector, work, layout, order, out],
      {
        env: { ...inherited, PYTHONDONTWRITEBYTECODE: '1', NO_PROXY: '127.0.0.1,localhost', ...env },
        timeout: 60_000,
      },
      (error, stdout, stderr) =>
        error ? reject(new Error(`driver failed: ${error.message}\n${stderr}\n${stdout}`)) : resolve(stderr),
    );
  });
  return { result: JSON.parse(readFileSync(out, 'utf8')) as DriverResult, log };
}

describe.runIf(runnable)('ComfyUI connector with the real ComfyUI-Manager registry code', () => {
  // The connector loaded first (as ComfyUI's prestartup scripts do) with the v3 source and the real
  // v4 package runs in the client matrix (e2e/tests/client-matrix.spec.ts); here, the other order.
  it('sends the Manager v3 and v4 registry calls to this registry when the Manager loads first', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const t = await buildTestApp({ PUBLIC_API_URL: base });
    const { token } = await acmeWithToken(t);
    await t.app.listen({ port, host: '127.0.0.1' });
    await publishOver(t, base, token, 'hello', '1.0.0');
    await publishOver(t, base, token, 'hello', '1.1.0');
    await publishOver(t, base, token, 'other-pack', '0.2.0');

    for (const layout of ['v3', 'v4'] as const) {
      for (const order of ['manager-first'] as const) {
        const { result, log } = await runManager(layout, order, { COMFY_REGISTRY_URL: `${base}/`, DRIVER_CALLS: '1' });
        expect(result.node_class_mappings).toEqual({});
        expect(result.base_url).toBe(base);
        expect(log).toContain(`base_url: https://api.comfy.org -> ${base}`);
        expect(result.catalogue).toEqual([
          { id: 'hello', version: '1.1.0', publisher: 'ACME' },
          { id: 'other-pack', version: '0.2.0', publisher: 'ACME' },
        ]);
        expect(result.install_latest).toEqual({
          version: '1.1.0',
          download_url: `${base}/files/acme/hello/1.1.0/node.zip`,
        });
        expect(result.install_pinned).toEqual({
          version: '1.0.0',
          download_url: `${base}/files/acme/hello/1.0.0/node.zip`,
        });
        expect(result.install_unknown).toBe(true);
        expect(result.versions).toEqual(['1.1.0', '1.0.0']);
        expect(result.manager_install?.ok).toBe(true);
        expect(result.installed_files).toEqual(['.tracking', '__init__.py', 'pyproject.toml']);
        expect(result.downloads).toEqual([`${base}/files/acme/hello/1.1.0/node.zip`]);
      }
    }
  });

  it('the download from the web app works as it comes: its settings file names this registry', async () => {
    const database = await createTestDatabase();
    const web = await buildWebApp(
      createContext(testConfig({ PUBLIC_API_URL: 'https://registry.example.org' }), database),
      {
        webRoot: path.join(os.tmpdir(), 'no-web-build'),
      },
    );
    const download = await web.inject({ method: 'GET', url: '/clients/comfyui-connector.zip' });
    await web.close();
    await database.destroy();
    const customNodes = mkdtempSync(path.join(os.tmpdir(), 'custom-nodes-'));
    temporary.push(customNodes);
    for (const [name, bytes] of Object.entries(unzipSync(new Uint8Array(download.rawPayload)))) {
      mkdirSync(path.dirname(path.join(customNodes, name)), { recursive: true });
      writeFileSync(path.join(customNodes, name), bytes);
    }
    const { result, log } = await runManager(
      'v3',
      'connector-first',
      {},
      path.join(customNodes, 'comfy-registry-connector'),
    );
    expect(result.base_url).toBe('https://registry.example.org');
    expect(log).toContain('cnr_utils.base_url: https://api.comfy.org -> https://registry.example.org');
  });

  it('reaches cm-cli (outside ComfyUI) through the documented .pth line', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const t = await buildTestApp({ PUBLIC_API_URL: base });
    const { token } = await acmeWithToken(t);
    await t.app.listen({ port, host: '127.0.0.1' });
    await publishOver(t, base, token, 'hello', '1.0.0');
    await publishOver(t, base, token, 'hello', '1.1.0');
    const { result } = await runManager('v4', 'pth', { COMFY_REGISTRY_URL: base, DRIVER_CALLS: '1' });
    expect(result.base_url).toBe(base);
    expect(result.catalogue).toEqual([{ id: 'hello', version: '1.1.0', publisher: 'ACME' }]);
    expect(result.manager_install?.ok).toBe(true);
  });

  it('changes nothing when unconfigured or given something that is not an http(s) address', async () => {
    for (const layout of ['v3', 'v4'] as const) {
      const { result, log } = await runManager(layout, 'connector-first', {});
      expect(result).toMatchObject({ base_url: 'https://api.comfy.org', hooked: false, node_class_mappings: {} });
      expect(log).not.toContain('Registry connector');
    }
    const { result, log } = await runManager('v4', 'manager-first', {
      COMFY_REGISTRY_URL: 'ftp://registry.example.org',
    });
    expect(result).toMatchObject({ base_url: 'https://api.comfy.org', hooked: false });
    expect(log).toContain("ignored COMFY_REGISTRY_URL: 'ftp://registry.example.org' is not an http(s) address");
  });
});
