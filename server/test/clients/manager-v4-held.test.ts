import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UNCLAIMED_PUBLISHER_ID } from '../../src/modules/catalogue/wire.js';
import { AWAITING_REVIEW_REASON } from '../../src/modules/catalogue/withheld.js';
import { ensureUnclaimedPublisher } from '../../src/modules/catalogue-import/repository.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { afterThisTest } from '../helpers/cleanup.js';
import { startGitHost } from '../helpers/git-host.js';
import { acmeWithToken } from '../routes/publishing/comfy-cli.js';
import { freePort, managerModules, managerV4Source, publishOver, python, pythonHas, requirement } from './support.js';

const driver = path.join(path.dirname(new URL(import.meta.url).pathname), 'manager-v4-installs.py');
const manager = managerV4Source();
const runnable =
  requirement(
    'ComfyUI-Manager v4 source (../shared/clients/comfyui-manager-v4)',
    manager !== undefined,
    'set COMFYUI_MANAGER_V4_DIR',
  ) &&
  requirement(
    `Python with ${managerModules.join(', ')}`,
    pythonHas(managerModules),
    'apt-get install python3-aiohttp python3-requests python3-toml python3-git python3-tqdm python3-yaml python3-rich python3-packaging',
  );

interface InstallsResult {
  catalogue: Record<string, { latest: string; repository: string }>;
  installs: Record<string, { ok: boolean; msg: string | null; files: string[] }>;
  downloads: string[];
}

/** Runs the v4 Manager's own code in a fresh Python process: catalogue reload, then one install per pack. */
async function managerInstalls(registry: string, packs: string[]): Promise<InstallsResult> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'comfyui-v4-'));
  afterThisTest(() => rmSync(work, { recursive: true, force: true }));
  const out = path.join(work, 'result.json');
  const { COMFY_REGISTRY_URL: _ignored, ...inherited } = process.env;
  await new Promise<void>((resolve, reject) => {
    execFile(
      python,
      [driver, manager ?? '', work, registry, out, ...packs],
      { env: { ...inherited, PYTHONDONTWRITEBYTECODE: '1', NO_PROXY: '127.0.0.1,localhost' }, timeout: 120_000 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`driver failed: ${error.message}\n${stderr}\n${stdout}`)) : resolve(),
    );
  });
  return JSON.parse(readFileSync(out, 'utf8')) as InstallsResult;
}

const packFiles = (id: string) => ({ '__init__.py': `NODE_CLASS_MAPPINGS = {}  # ${id}\n` });

/** A pack imported from the Manager's list (unclaimed, never published) whose repository is on the host. */
async function importedPack(t: TestApp, id: string, repository: string) {
  await ensureUnclaimedPublisher(t.ctx.db);
  return t.factories.node({ id, publisher_id: UNCLAIMED_PUBLISHER_ID, repository_url: repository });
}

describe.runIf(runnable)('held means held, for ComfyUI-Manager v4 and its nightly fallback', () => {
  it('installs nightly and active packs, and neither lists nor clones a pack whose versions are all held or banned', async () => {
    const slugs = ['comfy/nightly-pack', 'acme/flagged-pack', 'acme/banned-pack', 'acme/review-pack', 'acme/mixed'];
    const host = await startGitHost(slugs.map((slug) => ({ slug, files: packFiles(slug) })));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const t = await buildTestApp({ PUBLIC_API_URL: base });
    const { token } = await acmeWithToken(t);
    await t.app.listen({ port, host: '127.0.0.1' });

    // Imported and never published: a nightly pack, as it always was.
    await importedPack(t, 'nightly-pack', host.url('comfy/nightly-pack'));
    // Imported, then published by a publisher whose only version is held or banned.
    for (const [id, status, reason] of [
      ['flagged-pack', 'NodeVersionStatusFlagged', '[]'],
      ['banned-pack', 'NodeVersionStatusBanned', 'Rejected by admin'],
      ['review-pack', 'NodeVersionStatusPending', AWAITING_REVIEW_REASON],
    ] as const) {
      await t.factories.node({ id, publisher_id: 'acme', repository_url: host.url(`acme/${id}`) });
      await t.factories.version({ node_id: id, version: '1.0.0', status, status_reason: reason });
    }
    // An installable 1.0.0 and a held 1.1.0: the Manager gets 1.0.0, from the registry's archive.
    await publishOver(t, base, token, 'mixed', '1.0.0');
    await publishOver(t, base, token, 'mixed', '1.1.0');
    const admin = await t.factories.admin();
    const flag = await (await t.as(admin)).put('/admin/nodes/mixed/versions/1.1.0', {
      status: 'NodeVersionStatusFlagged',
      status_reason: 'held',
    });
    expect(flag.statusCode).toBe(200);

    const result = await managerInstalls(base, [
      'nightly-pack',
      'flagged-pack',
      'banned-pack',
      'review-pack',
      'review-pack@1.0.0',
      'mixed',
    ]);

    expect(result.catalogue).toEqual({
      'nightly-pack': { latest: 'nightly', repository: host.url('comfy/nightly-pack') },
      mixed: { latest: '1.0.0', repository: 'https://github.com/acme/mixed' },
    });
    expect(result.installs['nightly-pack']).toMatchObject({ ok: true, files: ['.git', '__init__.py'] });
    for (const held of ['flagged-pack', 'banned-pack', 'review-pack', 'review-pack@1.0.0']) {
      expect(result.installs[held], held).toMatchObject({ ok: false, files: [] });
    }
    expect(result.installs.mixed).toMatchObject({ ok: true, files: ['.tracking', '__init__.py', 'pyproject.toml'] });
    expect(result.downloads).toEqual([`${base}/files/acme/mixed/1.0.0/node.zip`]);
    // Nothing of the held packs' repositories was fetched.
    expect(host.requests.filter((p) => !p.startsWith('/comfy/nightly-pack'))).toEqual([]);
    expect(host.requests.length).toBeGreaterThan(0);

    // What every client reads for such a pack (docs/moderation.md, "Packs withheld from clients").
    const one = await t.anon.get('/nodes/flagged-pack');
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: 'flagged-pack', repository: '' });
    expect(one.json()).not.toHaveProperty('latest_version');
    const nightly = await t.anon.get('/nodes/nightly-pack');
    expect(nightly.json()).toMatchObject({ repository: host.url('comfy/nightly-pack') });
    const listed = await t.anon.get('/nodes?node_id=flagged-pack&node_id=nightly-pack&node_id=banned-pack');
    expect(listed.json()).toMatchObject({ total: 1, nodes: [{ id: 'nightly-pack' }] });
    const pinned = await t.anon.get('/nodes/review-pack/install?version=1.0.0');
    expect(pinned.statusCode).toBe(403);
    expect(pinned.json()).toMatchObject({ message: 'Node version is held for review' });
  });
});
