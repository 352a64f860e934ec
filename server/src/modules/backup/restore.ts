import { createReadStream } from 'node:fs';
import { chmod, copyFile, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config/index.js';
import { createBlobStore } from '../../context.js';
import { sqlitePathFor } from '../../db/database.js';
import { SECRET_FILE } from '../auth/secret.js';
import { isValidBlobKey } from '../storage/blob-store.js';
import { BACKUP_FILES, type BackupManifest, readManifest } from './manifest.js';

/** A restore that cannot go ahead, with what to do about it. */
export class RestoreRefused extends Error {}

/**
 * Brings a backup back: the SQLite database and the generated secret into DATA_DIR, and every
 * archive into the configured blob store (local or S3), each checked against its SHA-256.
 * Only into an empty DATA_DIR, so a restore never overwrites a registry. A PostgreSQL backup
 * holds archives only: the database comes back with pg_restore.
 */
export async function restoreBackup(config: Config, folder: string): Promise<BackupManifest> {
  const manifest = await readManifest(folder);
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
  await mkdir(dataDir, { recursive: true });
  const store = createBlobStore(config);
  for (const blob of manifest.blobs) {
    if (!isValidBlobKey(blob.key)) throw new Error(`refusing the unexpected storage key ${JSON.stringify(blob.key)}`);
    const source = path.join(folder, BACKUP_FILES.blobs, ...blob.key.split('/'));
    const stored = await store.put(blob.key, createReadStream(source), {
      contentType: 'application/zip',
      maxBytes: blob.sizeBytes,
    });
    if (stored.sha256 !== blob.sha256) {
      await store.delete(blob.key);
      throw new Error(
        `archive ${blob.key} in the backup is damaged (sha256 ${stored.sha256}, expected ${blob.sha256})`,
      );
    }
  }
  if (manifest.authSecret) {
    const target = path.join(dataDir, SECRET_FILE);
    await copyFile(path.join(folder, BACKUP_FILES.authSecret), target);
    await chmod(target, 0o600);
  }
  // The database last: a registry started on a half-restored folder finds no database, not missing archives.
  if (manifest.dialect === 'sqlite') await copyFile(path.join(folder, BACKUP_FILES.database), sqlitePathFor(dataDir));
  return manifest;
}
