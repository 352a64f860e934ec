import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
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
      out: `imported ${bundle}: written=2 unchanged=0 refused=0 archives=3\n`,
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
      out: `imported ${bundle}: written=0 unchanged=2 refused=0 archives=0\n`,
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

/** The entries of a tar, in order. */
async function tarEntries(file: string): Promise<{ name: string; body: Buffer }[]> {
  const extract = tar.extract();
  createReadStream(file).pipe(extract);
  const entries: { name: string; body: Buffer }[] = [];
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.push({ name: entry.header.name, body: Buffer.concat(chunks) });
  }
  return entries;
}

/** Writes `entries` as a tar file. */
async function writeTar(file: string, entries: { name: string; body: Buffer }[]): Promise<void> {
  const pack = tar.pack();
  const written = pipeline(pack, createWriteStream(file));
  for (const e of entries) pack.entry({ name: e.name }, e.body);
  pack.finalize();
  await written;
}

describe('a damaged bundle', () => {
  it('is refused whole before anything is written (an entry twice, an archive not matching its hash), and leaves no archive behind', async () => {
    const upstream = await startUpstream();
    const acme = await upstream.t.factories.publisher({ id: 'acme', name: 'Acme' });
    await seedPack(upstream.t, { id: 'alpha', publisher: acme, versions: [{ version: '1.0.0' }] });
    await seedPack(upstream.t, { id: 'beta', publisher: acme, versions: [{ version: '0.1.0' }] });
    const mirror = await cliWorkspace();
    mirror.env.UPSTREAM_URL = upstream.url;
    expect((await mirror.run('upstream-sync', [])).code).toBe(0);
    const good = path.join(mirror.dataDir, 'bundle.tar');
    expect((await mirror.run('export-bundle', ['--packs', 'alpha,beta', '--out', good])).code).toBe(0);
    const entries = await tarEntries(good);
    expect(entries.map((e) => e.name)).toEqual([
      'bundle.json',
      'archives/acme/alpha/1.0.0/node.zip',
      'archives/acme/beta/0.1.0/node.zip',
    ]);
    const [metadata, alpha, beta] = entries as [(typeof entries)[0], (typeof entries)[0], (typeof entries)[0]];
    const other = { name: alpha.name, body: sampleArchive('alpha', '9.9.9') };

    const offline = await cliWorkspace();
    const { db } = offline.open();
    const nothingWritten = async () => {
      expect(await db.selectFrom('nodes').select('id').execute()).toEqual([]);
      expect(await db.selectFrom('storage_files').select('id').execute()).toEqual([]);
      const left = readdirSync(offline.dataDir, { recursive: true, withFileTypes: true }).filter(
        (e) => e.isFile() && !e.name.startsWith('registry.sqlite'),
      );
      expect(left.map((e) => e.name)).toEqual([]);
    };

    // The same archive twice, the second time with other bytes: the first copy is not kept either.
    const twice = path.join(offline.dataDir, 'twice.tar');
    await writeTar(twice, [metadata, alpha, beta, other]);
    expect(await offline.run('import-bundle', [twice])).toEqual({
      code: 1,
      out: '',
      err: `refused: the bundle holds ${alpha.name} twice (a damaged or altered bundle); nothing was imported\n`,
    });
    rmSync(twice);
    await nothingWritten();

    // bundle.json twice.
    const twoMetadata = path.join(offline.dataDir, 'two-metadata.tar');
    await writeTar(twoMetadata, [metadata, alpha, metadata, beta]);
    expect((await offline.run('import-bundle', [twoMetadata])).err).toBe(
      'refused: the bundle holds bundle.json twice (a damaged or altered bundle); nothing was imported\n',
    );
    rmSync(twoMetadata);
    await nothingWritten();

    // An archive whose bytes are not the ones bundle.json describes.
    const altered = path.join(offline.dataDir, 'altered.tar');
    await writeTar(altered, [metadata, other, beta]);
    const refused = await offline.run('import-bundle', [altered]);
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(
      `refused: ${alpha.name} has SHA-256 ${sha256(other.body)}, the bundle says ${sha256(alpha.body)}; nothing was imported\n`,
    );
    rmSync(altered);
    await nothingWritten();

    // An archive bundle.json names but the tar lacks.
    const short = path.join(offline.dataDir, 'short.tar');
    await writeTar(short, [metadata, beta]);
    expect((await offline.run('import-bundle', [short])).err).toBe(
      `refused: the bundle names ${alpha.name} but does not hold it; nothing was imported\n`,
    );
    rmSync(short);
    await nothingWritten();

    // The intact bundle still imports completely afterwards.
    expect(await offline.run('import-bundle', [good])).toMatchObject({
      code: 0,
      out: `imported ${good}: written=2 unchanged=0 refused=0 archives=2\n`,
    });
    const stored = await db
      .selectFrom('storage_files')
      .select(['storage_key', 'sha256', 'hash_source'])
      .orderBy('storage_key')
      .execute();
    expect(stored).toEqual([
      { storage_key: 'acme/alpha/1.0.0/node.zip', sha256: sha256(alpha.body), hash_source: 'bundle' },
      { storage_key: 'acme/beta/0.1.0/node.zip', sha256: sha256(beta.body), hash_source: 'bundle' },
    ]);
    expect(readFileSync(path.join(offline.dataDir, 'blobs/acme/alpha/1.0.0/node.zip')).equals(alpha.body)).toBe(true);
  });
});
