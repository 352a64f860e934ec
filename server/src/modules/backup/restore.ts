import { createReadStream } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Config } from '../../config/index.js';
import { createBlobStore } from '../../context.js';
import { sqlitePathFor } from '../../db/database.js';
import { migrations } from '../../db/migrations/index.js';
import { isValidBlobKey } from '../../engines/storage/blob-store.js';
import { SECRET_FILE } from '../auth/secret.js';
import { BACKUP_FILES, type BackupManifest, PRIVATE_FILE, readManifest, sha256OfFile } from './manifest.js';

/** A restore that cannot go ahead, with what to do about it. */
export class RestoreRefused extends Error {}

/**
 * Brings a backup back: the SQLite database and the generated secret into DATA_DIR, and every
 * archive into the configured blob store (local or S3). Only into an empty DATA_DIR, so a
 * restore never overwrites a registry. Everything in the backup is checked before anything is
 * written (each archive's size and SHA-256, the database's SHA-256, its integrity and that its
 * schema is one this version knows); then it is written all or nothing: when a step fails, what
 * was written is removed again and DATA_DIR is left empty. A PostgreSQL backup holds archives
 * only: the database comes back with pg_restore.
 */
export async function restoreBackup(config: Config, folder: string): Promise<BackupManifest> {
  const manifest = await readManifest(folder).catch((error: Error) => {
    throw new RestoreRefused(error.message);
  });
  const dataDir = config.database.DATA_DIR;
  const present = await readdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (present.length > 0) {
    throw new RestoreRefused(
      `DATA_DIR ${dataDir} is not empty (it holds ${present.slice(0, 5).join(', ')}${present.length > 5 ? ', ...' : ''}); restore only into an empty data directory, so no registry is overwritten`,
    );
  }
  if (manifest.dialect === 'sqlite' && config.database.DATABASE_URL) {
    throw new RestoreRefused('this backup holds an SQLite database; unset DATABASE_URL to restore it');
  }
  await checkBackup(folder, manifest).catch((error: Error) => {
    throw error instanceof RestoreRefused ? new RestoreRefused(`${error.message}; nothing was restored`) : error;
  });

  const store = createBlobStore(config);
  const written: string[] = [];
  try {
    await mkdir(dataDir, { recursive: true });
    const staged = path.join(dataDir, `${path.basename(sqlitePathFor(dataDir))}.restoring`);
    if (manifest.dialect === 'sqlite') {
      await copyFile(path.join(folder, BACKUP_FILES.database), staged);
      checkDatabase(staged);
    }
    for (const blob of manifest.blobs) {
      const source = path.join(folder, BACKUP_FILES.blobs, ...blob.key.split('/'));
      written.push(blob.key);
      const stored = await store.put(blob.key, createReadStream(source), {
        contentType: 'application/zip',
        maxBytes: blob.sizeBytes,
      });
      if (stored.sha256 !== blob.sha256) throw new RestoreRefused(`archive ${blob.key} changed during the restore`);
    }
    if (manifest.authSecret) {
      const target = path.join(dataDir, SECRET_FILE);
      await copyFile(path.join(folder, BACKUP_FILES.authSecret), target);
      await chmod(target, PRIVATE_FILE);
    }
    // The database last: a registry started on a half-restored folder finds no database, not missing archives.
    if (manifest.dialect === 'sqlite') await rename(staged, sqlitePathFor(dataDir));
  } catch (error) {
    for (const key of written) await store.delete(key).catch(() => undefined);
    for (const name of await readdir(dataDir).catch(() => [] as string[])) {
      await rm(path.join(dataDir, name), { recursive: true, force: true });
    }
    if (error instanceof RestoreRefused) throw new RestoreRefused(`${error.message}; nothing was restored`);
    throw error;
  }
  return manifest;
}

/** Checks every file the manifest lists against it, reading the backup only. */
async function checkBackup(folder: string, manifest: BackupManifest): Promise<void> {
  const keys = new Set<string>();
  for (const blob of manifest.blobs) {
    if (typeof blob?.key !== 'string' || !isValidBlobKey(blob.key))
      throw new RestoreRefused(`the backup lists the unexpected storage key ${JSON.stringify(blob?.key)}`);
    if (keys.has(blob.key)) throw new RestoreRefused(`the backup lists archive ${blob.key} twice; it is damaged`);
    keys.add(blob.key);
    const source = path.join(folder, BACKUP_FILES.blobs, ...blob.key.split('/'));
    const info = await stat(source).catch(() => null);
    if (!info?.isFile()) throw new RestoreRefused(`archive ${blob.key} is missing from the backup`);
    const sha256 = await sha256OfFile(source);
    if (info.size !== blob.sizeBytes || sha256 !== blob.sha256) {
      throw new RestoreRefused(
        `archive ${blob.key} in the backup is damaged (sha256 ${sha256}, ${info.size} bytes; expected ${blob.sha256}, ${blob.sizeBytes} bytes)`,
      );
    }
  }
  if (manifest.authSecret && !(await isFile(path.join(folder, BACKUP_FILES.authSecret)))) {
    throw new RestoreRefused(`the backup says it holds ${BACKUP_FILES.authSecret}, but the file is missing`);
  }
  if (manifest.dialect !== 'sqlite') return;
  const database = path.join(folder, BACKUP_FILES.database);
  if (!(await isFile(database)))
    throw new RestoreRefused(`the database ${BACKUP_FILES.database} is missing from the backup`);
  if (manifest.databaseSha256 !== undefined) {
    const sha256 = await sha256OfFile(database);
    if (sha256 !== manifest.databaseSha256) {
      throw new RestoreRefused(
        `the database in the backup is damaged (sha256 ${sha256}, expected ${manifest.databaseSha256})`,
      );
    }
  }
}

/**
 * Checks a copy of the backed-up database: SQLite's own integrity check, and a schema this
 * version knows (a database from a newer version would be run by code that does not know it).
 */
function checkDatabase(file: string): void {
  let problem: string | null;
  try {
    const sqlite = new SQLite(file, { fileMustExist: true });
    try {
      const result = sqlite.pragma('integrity_check') as { integrity_check: string }[];
      const failures = result.map((r) => r.integrity_check).filter((r) => r !== 'ok');
      problem = failures.length > 0 ? `integrity check: ${failures.slice(0, 3).join('; ')}` : null;
      if (problem === null) {
        const applied = sqlite.prepare('select name from kysely_migration order by name').all() as { name: string }[];
        const unknown = applied.map((r) => r.name).filter((name) => !(name in migrations));
        if (applied.length === 0) problem = 'it holds no registry schema';
        else if (unknown.length > 0) {
          throw new RestoreRefused(
            `the database in the backup has schema ${unknown.at(-1)}, newer than this version knows; restore it with the version that made it (or a later one)`,
          );
        }
      }
    } finally {
      sqlite.close();
    }
  } catch (error) {
    if (error instanceof RestoreRefused) throw error;
    problem = error instanceof Error ? error.message : String(error);
  }
  if (problem !== null) throw new RestoreRefused(`the database in the backup is damaged (${problem})`);
}

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => null))?.isFile() ?? false;
}
