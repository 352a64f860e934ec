import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import tar from 'tar-stream';
import { describe, expect, it } from 'vitest';
import { afterThisTest } from '../helpers/cleanup.js';
import { packZip } from '../helpers/pack-zip.js';
import { processWorkspace, type RegistryProcess, runCli, startRegistry } from '../helpers/server-process.js';
import { cliPublishBody } from '../routes/publishing/comfy-cli.js';
import { acmeToken, openProcessDatabase } from './setup.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * A folder removed after the test, after any server started on it later has been stopped (the
 * test's cleanups run last first): a running server writes into its data folder.
 */
function tempFolder(prefix: string): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), prefix));
  afterThisTest(() => rmSync(folder, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }));
  return folder;
}

/** Publishes `node@version` as comfy-cli does (publish, then PUT the archive); resolves with the archive's bytes. */
async function publish(registry: RegistryProcess, token: string, node: string, version: string): Promise<Buffer> {
  const published = await fetch(`${registry.url}/publishers/acme/nodes/${node}/versions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(cliPublishBody(token, node, version)),
  });
  if (published.status !== 201)
    throw new Error(`publish ${node}@${version}: ${published.status} ${await published.text()}`);
  const { signedUrl } = (await published.json()) as { signedUrl: string };
  const zip = Buffer.from(packZip({ name: node, version, files: { 'data.bin': new Uint8Array(randomBytes(2048)) } }));
  const uploaded = await fetch(signedUrl, { method: 'PUT', headers: { 'content-type': 'application/zip' }, body: zip });
  if (uploaded.status !== 200)
    throw new Error(`upload ${node}@${version}: ${uploaded.status} ${await uploaded.text()}`);
  return zip;
}

/** What the registry holds at one moment, read from its database and blob folder. */
interface Snapshot {
  packs: string[];
  versions: { node: string; version: string; downloads: number; key: string | null }[];
  archives: Map<string, Buffer>;
}

async function snapshot(env: Record<string, string>): Promise<Snapshot> {
  const database = openProcessDatabase(env);
  try {
    const packs = (await database.db.selectFrom('nodes').select('id').orderBy('id').execute()).map((r) => r.id);
    const versions = await database.db
      .selectFrom('node_versions')
      .leftJoin('storage_files', 'storage_files.id', 'node_versions.storage_file_id')
      .select([
        'node_versions.node_id as node',
        'node_versions.version',
        'node_versions.downloads',
        'storage_files.storage_key as key',
      ])
      .orderBy('node_versions.node_id')
      .orderBy('node_versions.version')
      .execute();
    const archives = new Map<string, Buffer>();
    for (const v of versions) {
      if (v.key) archives.set(v.key, await readFile(path.join(env.DATA_DIR ?? '', 'blobs', ...v.key.split('/'))));
    }
    return { packs, versions: versions.map((v) => ({ ...v, downloads: Number(v.downloads) })), archives };
  } finally {
    await database.destroy();
  }
}

describe('registry backup and restore', { timeout: 300_000 }, () => {
  it('backs up a serving registry under publishes and installs; the restore serves everything that existed when it began', async (context) => {
    const { env } = await processWorkspace();
    if (env.DATABASE_URL) context.skip();
    const token = await acmeToken(env);
    const registry = await startRegistry({ ...env, JOBS_POLL_INTERVAL_MS: '100' });
    for (const node of ['alpha', 'beta', 'gamma']) await publish(registry, token, node, '1.0.0');

    // Write load: new versions published and packs installed, until the backup is done.
    let loading = true;
    const errors: string[] = [];
    const publishing = (async () => {
      for (let i = 1; loading; i++) {
        await publish(registry, token, ['alpha', 'beta', 'gamma'][i % 3] as string, `1.0.${i}`).catch((e: Error) => {
          errors.push(e.message);
        });
      }
    })();
    const installing = Array.from({ length: 3 }, async (_, n) => {
      for (let i = n; loading; i++) {
        const res = await fetch(`${registry.url}/nodes/${['alpha', 'beta', 'gamma'][i % 3]}/install?version=1.0.0`);
        await res.arrayBuffer();
        if (res.status !== 200) errors.push(`install ${res.status}`);
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const before = await snapshot(env);
    const out = path.join(tempFolder('registry-backup-'), 'backup');
    const backup = await runCli(['backup', '--out', out], env);
    loading = false;
    await Promise.all([publishing, ...installing]);
    expect(backup.stderr).toMatch(/^Backed up the database and \d+ archives \(\d+ bytes\) into /);
    expect(backup.code).toBe(0);
    expect(errors).toEqual([]);
    const after = await snapshot(env);
    // The load really wrote while the backup ran.
    expect(after.versions.length).toBeGreaterThan(before.versions.length);
    registry.child.kill('SIGTERM');
    expect((await registry.exited).code).toBe(0);

    const restoredDir = path.join(tempFolder('registry-restored-'), 'data');
    const restoredEnv = { DATA_DIR: restoredDir };
    const restore = await runCli(['restore', out], restoredEnv);
    expect(restore.stderr).toContain('Restored the database and');
    expect(restore.code).toBe(0);

    const restored = await startRegistry(restoredEnv);
    for (const node of before.packs) expect((await fetch(`${restored.url}/nodes/${node}`)).status).toBe(200);
    for (const v of before.versions) {
      const res = await fetch(`${restored.url}/nodes/${v.node}/versions/${v.version}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { downloads: number };
      // Installs kept counting while the backup ran: at least what there was when it began.
      expect(body.downloads).toBeGreaterThanOrEqual(v.downloads);
      if (v.key) {
        const download = await fetch(`${restored.url}/files/${v.key}`);
        expect(download.status).toBe(200);
        expect(Buffer.from(await download.arrayBuffer()).equals(before.archives.get(v.key) as Buffer)).toBe(true);
      }
    }
    // The restored copy is one moment: no count higher than the source had at the end.
    const restoredSnapshot = await snapshot(restoredEnv);
    for (const v of restoredSnapshot.versions) {
      const later = after.versions.find((a) => a.node === v.node && a.version === v.version);
      expect(v.downloads).toBeLessThanOrEqual(later?.downloads ?? -1);
    }
  });

  it('refuses to restore into a data directory that is not empty, and changes nothing there', async (context) => {
    const { env } = await processWorkspace();
    if (env.DATABASE_URL) context.skip();
    await acmeToken(env);
    const out = path.join(tempFolder('registry-backup-'), 'backup');
    expect((await runCli(['backup', '--out', out], env)).code).toBe(0);
    const busy = tempFolder('registry-busy-');
    writeFileSync(path.join(busy, 'notes.txt'), 'mine');
    const refused = await runCli(['restore', out], { DATA_DIR: busy });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `Cannot restore: DATA_DIR ${busy} is not empty (it holds notes.txt); restore only into an empty data directory, so no registry is overwritten\n`,
    );
    expect(await readFile(path.join(busy, 'notes.txt'), 'utf8')).toBe('mine');
    // A second backup into the same folder is refused too.
    const again = await runCli(['backup', '--out', out], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('is not empty; give a new or empty folder for the backup');
  });

  it('writes a single .tar file with --out <file.tar> and restores from it', async () => {
    const { env } = await processWorkspace();
    const token = await acmeToken(env);
    const registry = await startRegistry(env);
    const zip = await publish(registry, token, 'alpha', '1.0.0');
    registry.child.kill('SIGTERM');
    expect((await registry.exited).code).toBe(0);
    const file = path.join(tempFolder('registry-backup-'), 'registry.tar');
    const backup = await runCli(['backup', '--out', file], env);
    expect(backup.code).toBe(0);
    expect(backup.stdout).toBe(`${file}\n`);
    const again = await runCli(['backup', '--out', file], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('exists already; give a new file name for the backup');

    // On PostgreSQL the database stays where it is; the restore brings back the archives (and on SQLite the database too).
    const restoredEnv = { ...env, DATA_DIR: path.join(tempFolder('registry-restored-'), 'data') };
    const restore = await runCli(['restore', file], restoredEnv);
    expect(restore.code).toBe(0);
    const restored = await startRegistry(restoredEnv);
    const download = await fetch(`${restored.url}/files/acme/alpha/1.0.0/node.zip`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(zip)).toBe(true);
  });

  it('checks a backup before restoring: a damaged archive or database, a newer schema or an entry twice is refused and DATA_DIR stays empty', async (context) => {
    const { env } = await processWorkspace();
    if (env.DATABASE_URL) context.skip();
    const token = await acmeToken(env);
    const registry = await startRegistry(env);
    const zip = await publish(registry, token, 'alpha', '1.0.0');
    registry.child.kill('SIGTERM');
    expect((await registry.exited).code).toBe(0);
    const backups = tempFolder('registry-backup-');
    const out = path.join(backups, 'backup');
    expect((await runCli(['backup', '--out', out], env)).code).toBe(0);

    // Only its owner can read a backup: it holds password hashes and the generated secret.
    const modes = readdirSync(out, { recursive: true, withFileTypes: true }).map((e) => {
      const file = path.join(e.parentPath, e.name);
      return `${path.relative(out, file)} ${(statSync(file).mode & 0o777).toString(8)}`;
    });
    expect(modes.sort()).toEqual([
      'auth-secret 600',
      'blobs 700',
      'blobs/acme 700',
      'blobs/acme/alpha 700',
      'blobs/acme/alpha/1.0.0 700',
      'blobs/acme/alpha/1.0.0/node.zip 600',
      'manifest.json 600',
      'registry.sqlite 600',
    ]);
    expect(statSync(out).mode & 0o777).toBe(0o700);
    const manifest = JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      databaseSha256: sha256(readFileSync(path.join(out, 'registry.sqlite'))),
      schema: expect.stringMatching(/^\d{4}_/),
    });

    /** A copy of the backup, changed by `damage`, and what restoring it into a new DATA_DIR does. */
    const restoreDamaged = async (damage: (folder: string, manifest: Record<string, unknown>) => void) => {
      const copy = path.join(backups, `copy-${randomBytes(4).toString('hex')}`);
      cpSync(out, copy, { recursive: true });
      const copied = JSON.parse(readFileSync(path.join(copy, 'manifest.json'), 'utf8')) as Record<string, unknown>;
      damage(copy, copied);
      writeFileSync(path.join(copy, 'manifest.json'), JSON.stringify(copied));
      const dataDir = path.join(tempFolder('registry-restored-'), 'data');
      const result = await runCli(['restore', copy], { DATA_DIR: dataDir });
      const left = existsSync(dataDir) ? readdirSync(dataDir, { recursive: true }) : [];
      return { code: result.code, stderr: result.stderr, left };
    };
    const archive = 'blobs/acme/alpha/1.0.0/node.zip';
    const flipped = Buffer.from(zip);
    flipped[100] = (flipped[100] ?? 0) ^ 0xff;
    expect(await restoreDamaged((folder) => writeFileSync(path.join(folder, archive), flipped))).toEqual({
      code: 1,
      stderr: `Cannot restore: archive acme/alpha/1.0.0/node.zip in the backup is damaged (sha256 ${sha256(flipped)}, ${zip.length} bytes; expected ${sha256(zip)}, ${zip.length} bytes); nothing was restored\n`,
      left: [],
    });

    const junk = Buffer.alloc(8192, 'not a database ');
    expect(await restoreDamaged((folder) => writeFileSync(path.join(folder, 'registry.sqlite'), junk))).toEqual({
      code: 1,
      stderr: `Cannot restore: the database in the backup is damaged (sha256 ${sha256(junk)}, expected ${String(manifest.databaseSha256)}); nothing was restored\n`,
      left: [],
    });
    // A corrupt database with a matching hash (a backup damaged before its hash was taken, or by hand).
    const corrupt = await restoreDamaged((folder, copied) => {
      writeFileSync(path.join(folder, 'registry.sqlite'), junk);
      copied.databaseSha256 = sha256(junk);
    });
    expect(corrupt).toEqual({
      code: 1,
      stderr: 'Cannot restore: the database in the backup is damaged (file is not a database); nothing was restored\n',
      left: [],
    });

    const newer = await restoreDamaged((folder, copied) => {
      const file = path.join(folder, 'registry.sqlite');
      const sqlite = new SQLite(file);
      sqlite
        .prepare('insert into kysely_migration (name, timestamp) values (?, ?)')
        .run('9999_later', new Date().toISOString());
      sqlite.close();
      copied.databaseSha256 = sha256(readFileSync(file));
    });
    expect(newer).toEqual({
      code: 1,
      stderr:
        'Cannot restore: the database in the backup has schema 9999_later, newer than this version knows; restore it with the version that made it (or a later one); nothing was restored\n',
      left: [],
    });

    // A single-file backup holding an entry twice.
    const file = path.join(backups, 'registry.tar');
    expect((await runCli(['backup', '--out', file], env)).code).toBe(0);
    const entries: { name: string; body: Buffer }[] = [];
    const extract = tar.extract();
    createReadStream(file).pipe(extract);
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      entries.push({ name: entry.header.name, body: Buffer.concat(chunks) });
    }
    const twice = path.join(backups, 'twice.tar');
    const pack = tar.pack();
    const written = pipeline(pack, createWriteStream(twice));
    for (const e of [...entries, { name: archive, body: flipped }]) pack.entry({ name: e.name }, e.body);
    pack.finalize();
    await written;
    const twiceDir = path.join(tempFolder('registry-restored-'), 'data');
    const refused = await runCli(['restore', twice], { DATA_DIR: twiceDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `Cannot restore: ${twice} holds "${archive}" twice; it is damaged; nothing was restored\n`,
    );
    expect(existsSync(twiceDir)).toBe(false);

    // The intact backup restores.
    const restoredDir = path.join(tempFolder('registry-restored-'), 'data');
    expect((await runCli(['restore', out], { DATA_DIR: restoredDir })).code).toBe(0);
    expect(readFileSync(path.join(restoredDir, archive)).equals(zip)).toBe(true);
  });

  it('on PostgreSQL copies the archives, prints the pg_dump recipe, and restores the archives', async (context) => {
    const { env } = await processWorkspace();
    if (!env.DATABASE_URL) context.skip();
    const token = await acmeToken(env);
    const registry = await startRegistry(env);
    const zip = await publish(registry, token, 'alpha', '1.0.0');
    const out = path.join(tempFolder('registry-backup-'), 'backup');
    const backup = await runCli(['backup', '--out', out], env);
    expect(backup.code).toBe(0);
    expect(backup.stderr).toContain('Backed up 1 archives');
    expect(backup.stderr).toContain(`pg_dump --format=custom --file=${out}/registry.pgdump "$DATABASE_URL"`);
    expect((await readFile(path.join(out, 'blobs/acme/alpha/1.0.0/node.zip'))).equals(zip)).toBe(true);

    const restoredDir = path.join(tempFolder('registry-restored-'), 'data');
    const restore = await runCli(['restore', out], { ...env, DATA_DIR: restoredDir });
    expect(restore.code).toBe(0);
    expect(restore.stderr).toContain('pg_restore --no-owner');
    expect((await readFile(path.join(restoredDir, 'blobs/acme/alpha/1.0.0/node.zip'))).equals(zip)).toBe(true);
  });
});
