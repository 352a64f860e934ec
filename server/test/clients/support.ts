import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { JobWorker } from '../../src/engines/jobs/worker.js';
import { registryJobHandlers } from '../../src/job-handlers.js';
import type { TestApp } from '../helpers/app.js';
import { packZip } from '../helpers/pack-zip.js';
import { cliPublishBody } from '../routes/publishing/comfy-cli.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const inCi = process.env.CI === 'true' || process.env.CI === '1';

/**
 * Whether a test that needs an outside program can run here. Missing locally it is skipped with
 * the reason printed; in CI (CI=true) it must be there, so the test runs and fails loudly.
 */
export function requirement(what: string, available: boolean, install: string): boolean {
  if (available) return true;
  if (inCi) return true;
  process.stdout.write(`\n*** SKIPPED: ${what} is not available here (${install}). ***\n`);
  return false;
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

/** Debian's python3 when installed (CI installs the Manager's packages for it), else the PATH's. */
export const python = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

/** The Python packages ComfyUI-Manager's registry code imports (Debian names in .ci/run). */
export const managerModules = ['aiohttp', 'requests', 'toml', 'git', 'tqdm', 'yaml', 'rich', 'packaging'];

export function pythonHas(modules: string[]): boolean {
  const probe = spawnSync(python, ['-c', `import ${modules.join(', ')}`], { stdio: 'ignore' });
  return probe.status === 0;
}

/** ComfyUI-Manager's source, read in place beside the repository (never copied into it). */
export function managerSource(): string | undefined {
  const candidates = [
    process.env.COMFYUI_MANAGER_DIR,
    path.resolve(repoRoot, '../shared/clients/comfyui-manager'),
    path.resolve(repoRoot, '../../shared/clients/comfyui-manager'),
  ];
  return candidates.find((dir) => dir && existsSync(path.join(dir, 'glob', 'cnr_utils.py')));
}

/**
 * Publishes `id@version` the way comfy-cli does (publish call, then PUT of the archive to the
 * signed URL), both through `base`, and processes the archive so the version is installable.
 */
export async function publishOver(
  t: TestApp,
  base: string,
  token: string,
  id: string,
  version: string,
  init: RequestInit = {},
): Promise<{ signedUrl: string }> {
  const published = await fetch(`${base}/publishers/acme/nodes/${id}/versions`, {
    ...init,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'python-requests/2.32.3' },
    body: JSON.stringify(cliPublishBody(token, id, version)),
  });
  expect(published.status).toBe(201);
  const { signedUrl } = (await published.json()) as { signedUrl: string };
  const zip = packZip({ name: id, version });
  const uploaded = await fetch(signedUrl, {
    ...init,
    method: 'PUT',
    headers: { 'content-type': 'application/zip', 'content-length': String(zip.length) },
    body: Buffer.from(zip),
  });
  expect(uploaded.status).toBe(200);
  await processQueuedJobs(t);
  return { signedUrl };
}

/** Runs every queued job (archive processing) to the end, as the server's worker would. */
export async function processQueuedJobs(t: TestApp): Promise<void> {
  const worker = new JobWorker(t.ctx.db, t.ctx.dialect, registryJobHandlers(t.ctx), {
    concurrency: 1,
    pollIntervalMs: 1000,
    leaseMs: 60_000,
    retryBaseSeconds: 1,
  });
  while ((await worker.runOnce()) > 0) {}
}

/** ComfyUI-Manager v4's source (the `comfyui_manager` package), read in place beside the repository. */
export function managerV4Source(): string | undefined {
  const candidates = [
    process.env.COMFYUI_MANAGER_V4_DIR,
    path.resolve(repoRoot, '../shared/clients/comfyui-manager-v4'),
    path.resolve(repoRoot, '../../shared/clients/comfyui-manager-v4'),
  ];
  return candidates.find((dir) => dir && existsSync(path.join(dir, 'comfyui_manager', 'common', 'cnr_utils.py')));
}
