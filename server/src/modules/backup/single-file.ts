import { mkdtemp, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../config/index.js';
import { type BackupResult, createBackup } from './create.js';
import type { BackupManifest } from './manifest.js';
import { RestoreRefused, restoreBackup } from './restore.js';
import { packFolder, unpackFile } from './tar-file.js';

/** Whether `--out` names a single-file backup rather than a folder. */
export function isBackupFile(out: string): boolean {
  return out.endsWith('.tar');
}

/**
 * A backup as one tar file: made in a folder beside it, packed into `<file>.partial` and renamed
 * into place, so a file under the final name is always a finished backup.
 */
export async function createBackupFile(config: Config, file: string): Promise<BackupResult> {
  if (await exists(file)) throw new Error(`${file} exists already; give a new file name for the backup`);
  const work = await mkdtemp(path.join(path.dirname(file), '.registry-backup-'));
  const partial = `${file}.partial`;
  try {
    const result = await createBackup(config, path.join(work, 'backup'));
    await packFolder(path.join(work, 'backup'), partial);
    await rename(partial, file);
    return { ...result, folder: file };
  } finally {
    await rm(partial, { force: true });
    await rm(work, { recursive: true, force: true });
  }
}

/** Restores a backup folder, or a tar file made by `createBackupFile` (unpacked into a temporary folder first). */
export async function restoreFromPath(config: Config, from: string): Promise<BackupManifest> {
  if ((await stat(from)).isDirectory()) return restoreBackup(config, from);
  const work = await mkdtemp(path.join(os.tmpdir(), 'registry-restore-'));
  try {
    await unpackFile(from, work).catch((error: Error) => {
      throw new RestoreRefused(`${error.message}; nothing was restored`);
    });
    return await restoreBackup(config, work);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}
