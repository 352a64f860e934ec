import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DialectName } from '../../db/dialect.js';

/** Version of the backup folder layout; `restore` refuses layouts it does not know. */
export const BACKUP_FORMAT = 1;

/** Files inside a backup folder. */
export const BACKUP_FILES = {
  manifest: 'manifest.json',
  database: 'registry.sqlite',
  authSecret: 'auth-secret',
  blobs: 'blobs',
} as const;

/** Modes of everything a backup writes: its owner's alone. */
export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

/** One archive in a backup, as the database described it. */
export interface BackedUpBlob {
  key: string;
  sizeBytes: number;
  sha256: string;
}

/** What a backup holds; written last, so a folder without it is an unfinished backup. */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  /** `sqlite`: the database file is in the backup. `postgres`: only the archives; the database is a pg_dump. */
  dialect: DialectName;
  /** Whether the generated secret from DATA_DIR (AUTH_SECRET unset) is in the backup. */
  authSecret: boolean;
  /** SHA-256 of `registry.sqlite` (SQLite backups; absent in backups made before it was recorded). */
  databaseSha256?: string;
  /** The newest migration the backed-up database has applied (SQLite backups). */
  schema?: string;
  blobs: BackedUpBlob[];
}

/** Reads and checks a backup's manifest; throws with a message fit for an operator. */
export async function readManifest(folder: string): Promise<BackupManifest> {
  const file = path.join(folder, BACKUP_FILES.manifest);
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(
      code === 'ENOENT'
        ? `${folder} is not a finished backup: ${BACKUP_FILES.manifest} is missing`
        : `cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const manifest = parsed as Partial<BackupManifest>;
  if (manifest.format !== BACKUP_FORMAT) {
    throw new Error(`${file} has format ${String(manifest.format)}; this version restores format ${BACKUP_FORMAT}`);
  }
  if ((manifest.dialect !== 'sqlite' && manifest.dialect !== 'postgres') || !Array.isArray(manifest.blobs)) {
    throw new Error(`${file} is damaged: dialect or blob list missing`);
  }
  return manifest as BackupManifest;
}

/** SHA-256 (hex) of a file's bytes. */
export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
