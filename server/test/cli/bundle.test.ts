import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleArchive, seedComfyNode, seedPack } from '../helpers/catalogue.js';
import { startUpstream } from '../mirror/support.js';
import { cliWorkspace } from './run-command.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('offline bundles', () => {
  it('carries mirrored packs with archives, hashes and classes into a registry without the upstream; a second import changes nothing', async () => {
    const upstream = await startUpstream();
    const acme = await upstream.t.factories.publisher({ id: 'acme', name: 'Acme' });
    const alpha = await seedPack(upstream.t, {
      id: 'alpha',
      publisher: acme,
      versions: [{ version: '1.0.0' }, { version: '1.1.0', dependencies: '["numpy"]' }],
    });
    await seedComfyNode(upstream.t, {
      node_id: 'alpha',
      node_version_id: alpha.versions[1]?.id ?? null,
      name: 'AlphaSampler',
    });
    await seedPack(upstream.t, { id: 'beta', publisher: acme, versions: [{ version: '0.1.0' }] });

    // The connected mirror: synced, archives not fetched yet.
    const mirror = await cliWorkspace();
    mirror.env.UPSTREAM_URL = upstream.url;
    expect((await mirror.run('upstream-sync', [])).code).toBe(0);
    const bundle = path.join(mirror.dataDir, 'bundle.tar');
    const exported = await mirror.run('export-bundle', ['--packs', 'alpha,beta', '--versions', 'all', '--out', bundle]);
    expect(exported).toMatchObject({ code: 0, out: `wrote ${bundle}: packs=2 versions=3 archives=3\n` });
    expect(readFileSync(bundle).subarray(0, 11).toString()).toBe('bundle.json');

    // The air-gapped registry: no upstream at all.
    const offline = await cliWorkspace();
    const first = await offline.run('import-bundle', [bundle]);
    expect(first).toMatchObject({
      code: 0,
      out: `imported ${bundle}: written=2 unchanged=0 refused=0 archives=3 archives-refused=0\n`,
    });
    const { db } = offline.open();
    const nodes = await db
      .selectFrom('nodes')
      .select(['id', 'publisher_id', 'mirrored_from', 'latest_version_id'])
      .orderBy('id')
      .execute();
    expect(nodes.map(({ id, publisher_id, mirrored_from }) => ({ id, publisher_id, mirrored_from }))).toEqual([
      { id: 'alpha', publisher_id: 'acme', mirrored_from: upstream.url },
      { id: 'beta', publisher_id: 'acme', mirrored_from: upstream.url },
    ]);
    const versions = await db
      .selectFrom('node_versions')
      .innerJoin('storage_files', 'storage_files.id', 'node_versions.storage_file_id')
      .select([
        'node_versions.node_id',
        'node_versions.version',
        'node_versions.dependencies',
        'storage_files.sha256',
        'storage_files.storage_key',
      ])
      .orderBy('node_versions.node_id')
      .orderBy('node_versions.version')
      .execute();
    expect(versions).toEqual([
      {
        node_id: 'alpha',
        version: '1.0.0',
        dependencies: '[]',
        sha256: sha256(sampleArchive('alpha', '1.0.0')),
        storage_key: 'acme/alpha/1.0.0/node.zip',
      },
      {
        node_id: 'alpha',
        version: '1.1.0',
        dependencies: '["numpy"]',
        sha256: sha256(sampleArchive('alpha', '1.1.0')),
        storage_key: 'acme/alpha/1.1.0/node.zip',
      },
      {
        node_id: 'beta',
        version: '0.1.0',
        dependencies: '[]',
        sha256: sha256(sampleArchive('beta', '0.1.0')),
        storage_key: 'acme/beta/0.1.0/node.zip',
      },
    ]);
    for (const v of versions) {
      const stored = readFileSync(path.join(offline.dataDir, 'blobs', ...v.storage_key.split('/')));
      expect(sha256(stored)).toBe(v.sha256);
    }
    expect(await db.selectFrom('comfy_nodes').select(['node_id', 'name']).execute()).toEqual([
      { node_id: 'alpha', name: 'AlphaSampler' },
    ]);
    expect(nodes.every((n) => n.latest_version_id !== null)).toBe(true);

    // Twice: nothing is written again.
    const count = async () => ({
      history: (await db.selectFrom('node_version_status_history').select('id').execute()).length,
      files: (await db.selectFrom('storage_files').select('id').execute()).length,
      changes: (await db.selectFrom('catalogue_changes').select('id').execute()).length,
      jobs: (await db.selectFrom('jobs').select('id').execute()).length,
    });
    const before = await count();
    const second = await offline.run('import-bundle', [bundle]);
    expect(second).toMatchObject({
      code: 0,
      out: `imported ${bundle}: written=0 unchanged=2 refused=0 archives=0 archives-refused=0\n`,
    });
    expect(await count()).toEqual(before);
  });

  it('refuses an unknown pack and leaves no file behind', async () => {
    const ws = await cliWorkspace();
    const out = path.join(ws.dataDir, 'none.tar');
    const result = await ws.run('export-bundle', ['--packs', 'nothing-here', '--out', out]);
    expect(result).toEqual({ code: 1, out: '', err: 'no pack nothing-here in this registry\n' });
  });

  it('refuses a file that is not a bundle', async () => {
    const ws = await cliWorkspace();
    const file = path.join(ws.dataDir, 'not-a-bundle.tar');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, Buffer.alloc(1024));
    const result = await ws.run('import-bundle', [file]);
    expect(result.code).toBe(1);
    expect(result.err).toBe('not a bundle: it is empty\n');
  });
});
