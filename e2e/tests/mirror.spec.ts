import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../support/fixtures';

/*
 * The mirror in the browser: two more registries of their own, started from the build, one the
 * upstream (a small demo catalogue), the other mirroring it. An admin of the empty mirror is shown
 * how to fill it, starts a sync from the dashboard, watches it finish, and a mirrored pack's page
 * says where it comes from.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Instance {
  api: string;
  web: string;
  env: Record<string, string>;
  process?: ChildProcess;
  dataDir: string;
}

async function instance(extra: Record<string, string> = {}): Promise<Instance> {
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'registry-e2e-mirror-'));
  const api = `http://127.0.0.1:${apiPort}`;
  const web = `http://127.0.0.1:${webPort}`;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(apiPort),
    WEB_PORT: String(webPort),
    PUBLIC_API_URL: api,
    PUBLIC_WEB_URL: web,
    LOG_LEVEL: 'warn',
    EMAIL_VERIFICATION_REQUIRED: 'false',
    ...extra,
  };
  delete env.DATABASE_URL;
  delete env.UPSTREAM_URL;
  if (extra.UPSTREAM_URL) env.UPSTREAM_URL = extra.UPSTREAM_URL;
  return { api, web, env, dataDir };
}

function cli(target: Instance, args: string[]): void {
  const run = spawnSync('node', ['server/dist/cli.js', ...args], { cwd: root, env: target.env, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${args[0]} failed: ${run.stderr}`);
}

async function start(target: Instance): Promise<void> {
  target.process = spawn('node', ['server/dist/main.js'], { cwd: root, env: target.env, stdio: 'ignore' });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(`${target.api}/health`).then(
      (r) => r.ok,
      () => false,
    );
    const webOk =
      ok &&
      (await fetch(`${target.web}/`).then(
        (r) => r.ok,
        () => false,
      ));
    if (webOk) return;
    if (Date.now() > deadline) throw new Error(`registry at ${target.api} did not start`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Stops the server and waits for it to exit (it writes its search index as it goes), then removes its data. */
async function stop(target: Instance): Promise<void> {
  const child = target.process;
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise<void>((resolve) => setTimeout(resolve, 15_000))]);
  }
  rmSync(target.dataDir, { recursive: true, force: true });
}

const admin = { email: 'mirror-admin@e2e.test', password: 'mirror-admin-password-1' };

test.describe('upstream mirror', () => {
  test.describe.configure({ timeout: 240_000 });

  test('an admin fills an empty mirror with Sync now, and mirrored packs say where they come from', async ({
    page,
  }) => {
    const upstream = await instance();
    const mirror = await instance();
    try {
      cli(upstream, ['seed-demo', '--packs', '3', '--versions-per-pack', '1', '--archives', 'latest']);
      await start(upstream);
      Object.assign(mirror.env, { UPSTREAM_URL: upstream.api, UPSTREAM_SYNC_INTERVAL: '0' });
      cli(mirror, ['create-admin', '--email', admin.email, '--password', admin.password]);
      await start(mirror);

      const signIn = await page.request.post(`${mirror.api}/api/auth/sign-in/email`, {
        data: admin,
        headers: { origin: mirror.web },
      });
      expect(signIn.ok()).toBe(true);

      // Empty: a visitor is told the catalogue is empty, not that no pack matches filters.
      const visitor = await page.context().browser()?.newPage();
      if (visitor) {
        await visitor.goto(`${mirror.web}/`);
        const results = visitor.getByRole('region', { name: 'Packs' });
        await expect(results.getByText('No packs yet')).toBeVisible();
        await expect(results.getByText('The catalogue is empty: no pack has been published')).toBeVisible();
        await expect(visitor.getByText('No packs match these filters')).toHaveCount(0);
        await expect(visitor.getByRole('heading', { name: 'Popular packs' })).toHaveCount(0);
        await visitor.close();
      }

      // The home page tells the admin how to fill the catalogue, with the exact commands.
      await page.goto(`${mirror.web}/`);
      await expect(page.getByRole('heading', { name: 'The catalogue is empty' })).toBeVisible();
      await expect(page.getByText('UPSTREAM_URL=https://api.comfy.org npm start')).toBeVisible();
      await expect(page.getByText('npm run registry -- seed-demo --packs 200')).toBeVisible();

      await page.goto(`${mirror.web}/admin`);
      const panel = page.getByRole('region', { name: 'Upstream mirror' });
      await expect(panel.getByText(`Mirroring ${upstream.api}.`)).toBeVisible();
      await expect(panel.getByTestId('upstream-status')).toHaveText('Never synced yet');
      await panel.getByRole('button', { name: 'Sync now' }).click();
      await expect(panel.getByTestId('upstream-status')).toHaveText('Last sync finished', { timeout: 60_000 });
      await expect(panel.getByText('Page 1 of 1')).toBeVisible();
      await expect(panel.getByText('3 written, 0 unchanged, 0 refused')).toBeVisible();

      const listed = (await (await fetch(`${mirror.api}/nodes?limit=1`)).json()) as { nodes: { id: string }[] };
      const id = listed.nodes[0]?.id ?? '';
      await page.goto(`${mirror.web}/nodes/${id}`);
      await expect(page.getByTestId('mirrored-from')).toContainText(`Mirrored from ${upstream.api}, last synced`);

      // Once packs exist, the home page no longer shows the first-start panel.
      await page.goto(`${mirror.web}/`);
      await expect(page.getByRole('heading', { name: 'Custom nodes for ComfyUI, in one place' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'The catalogue is empty' })).toHaveCount(0);
    } finally {
      await Promise.all([stop(mirror), stop(upstream)]);
    }
  });

  test('an admin releases an upstream id for a local pack; the audit log says who and why', async ({
    page,
    saveThemedScreenshots,
  }) => {
    const upstream = await instance();
    const mirror = await instance();
    try {
      cli(upstream, ['seed-demo', '--packs', '2', '--versions-per-pack', '1']);
      await start(upstream);
      Object.assign(mirror.env, { UPSTREAM_URL: upstream.api, UPSTREAM_SYNC_INTERVAL: '0' });
      cli(mirror, ['create-admin', '--email', admin.email, '--password', admin.password]);
      cli(mirror, ['upstream-sync']);
      await start(mirror);
      const listed = (await (await fetch(`${mirror.api}/nodes?limit=1`)).json()) as { nodes: { id: string }[] };
      const id = listed.nodes[0]?.id ?? '';
      expect(id).not.toBe('');

      const signIn = await page.request.post(`${mirror.api}/api/auth/sign-in/email`, {
        data: admin,
        headers: { origin: mirror.web },
      });
      expect(signIn.ok()).toBe(true);
      await page.goto(`${mirror.web}/admin`);
      const section = page.getByRole('region', { name: 'Upstream ids for local packs' });
      await expect(section.getByText('No ids released yet.')).toBeVisible();
      const allow = section.getByRole('button', { name: 'Allow a local pack' });
      await section.getByLabel('Pack id').fill(id);
      // Without a reason there is nothing to send.
      await expect(allow).toBeDisabled();
      await section.getByLabel('Reason').fill('Our studio fork replaces it');
      await allow.click();
      await expect(page.getByText(`${id} may now be published here.`)).toBeVisible();
      const released = section.getByRole('list', { name: 'Released ids' });
      await expect(released.getByText(id, { exact: true })).toBeVisible();
      await expect(released.getByText('Our studio fork replaces it')).toBeVisible();
      await expect(section.getByLabel('Pack id')).toHaveValue('');

      // The mirrored copy made way, and the sync leaves the id alone.
      expect((await fetch(`${mirror.api}/nodes/${id}`)).status).toBe(404);
      await page.getByRole('region', { name: 'Upstream mirror' }).getByRole('button', { name: 'Sync now' }).click();
      await expect(page.getByTestId('upstream-status')).toHaveText('Last sync finished', { timeout: 60_000 });
      expect((await fetch(`${mirror.api}/nodes/${id}`)).status).toBe(404);

      // Releasing it twice is refused with the server's message.
      await section.getByLabel('Pack id').fill(id);
      await section.getByLabel('Reason').fill('again');
      await allow.click();
      await expect(page.getByText('Override exists')).toBeVisible();

      // The audit log names the action, the admin and the reason.
      await page.goto(`${mirror.web}/admin/audit`);
      const entry = page.getByRole('listitem', { name: /^Upstream id released for a local pack/ });
      await expect(entry).toBeVisible();
      await expect(entry).toContainText(id);
      await expect(entry).toContainText('Our studio fork replaces it');
      await expect(entry).toContainText(admin.email);

      await saveThemedScreenshots(page, 'mirror2-upstream-overrides', `${mirror.web}/admin`, async (shot) => {
        await expect(
          shot.getByRole('region', { name: /Upstream ids|معرّفات السجل الأصلي/ }).getByRole('listitem'),
        ).toHaveCount(1);
      });
    } finally {
      await Promise.all([stop(mirror), stop(upstream)]);
    }
  });
});
