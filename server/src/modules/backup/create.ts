import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import type { Config } from '../../config/index.js';
import { createBlobStore } from '../../context.js';
import { openDatabase, sqlitePathFor } from '../../db/database.js';
import { appliedMigrations } from '../../db/migrate.js';
import { isValidBlobKey } from '../../engines/storage/blob-store.js';
import { SECRET_FILE } from '../auth/secret.js';
import {
  BACKUP_FILES,
  BACKUP_FORMAT,
  type BackedUpBlob,
  type BackupManifest,
  PRIVATE_DIR,
  PRIVATE_FILE,
  sha256OfFile,
} from './manifest.js';

/** Pages copied per step of SQLite's online backup: large enough that a step is the whole file. */
const PAGES_PER_STEP = 1 << 30;

/** What a finished backup reports. */
export interface BackupResult {
  manifest: BackupManifest;
  folder: string;
}

/**
 * Makes a backup folder of a registry while it serves traffic. On SQLite the database is
 * copied first with SQLite's online backup API, in one step, so the copy is one consistent
 * moment (WAL mode lets writers go on meanwhile); then every archive that copy lists is read
 * from the blob store (local or S3), checked against its recorded SHA-256, and written next to
 * it. Archives are never changed once stored, so copying them after the database is safe. On
 * PostgreSQL only the archives are copied: the database is backed up with pg_dump.
 */
export async function createBackup(config: Config, folder: string): Promise<BackupResult> {
  await prepareEmptyFolder(folder);
  const dialect = config.database.DATABASE_URL ? 'postgres' : 'sqlite';
  const listFrom =
    dialect === 'sqlite'
      ? await copySqlite(config.database.DATA_DIR, path.join(folder, BACKUP_FILES.database))
      : { databaseUrl: config.database.DATABASE_URL };
  const blobs = await listArchives(listFrom);
  const store = createBlobStore(config);
  for (const blob of blobs) {
    if (!isValidBlobKey(blob.key)) throw new Error(`refusing the unexpected storage key ${JSON.stringify(blob.key)}`);
    const found = await store.get(blob.key);
    if (!found) throw new Error(`archive ${blob.key} is listed in the database but missing from the blob store`);
    const target = path.join(folder, BACKUP_FILES.blobs, ...blob.key.split('/'));
    await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR });
    const hash = createHash('sha256');
    let size = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(found.body, measure, createWriteStream(target, { flags: 'wx', mode: PRIVATE_FILE }));
    const sha256 = hash.digest('hex');
    if (sha256 !== blob.sha256 || size !== blob.sizeBytes) {
      throw new Error(`archive ${blob.key} does not match the database (sha256 ${sha256}, ${size} bytes)`);
    }
  }
  // The generated development secret decrypts signing keys stored in the database: keep them together.
  const secretFile = path.join(config.database.DATA_DIR, SECRET_FILE);
  const authSecret = config.auth.AUTH_SECRET === undefined && (await exists(secretFile));
  if (authSecret) {
    await copyFile(secretFile, path.join(folder, BACKUP_FILES.authSecret));
    await chmod(path.join(folder, BACKUP_FILES.authSecret), PRIVATE_FILE);
  }
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    dialect,
    authSecret,
    ...(dialect === 'sqlite' ? await describeDatabase(path.join(folder, BACKUP_FILES.database)) : {}),
    blobs,
  };
  await writeFile(path.join(folder, BACKUP_FILES.manifest), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: PRIVATE_FILE,
  });
  return { manifest, folder };
}

/** Copies the live SQLite database to `target` with the online backup API. */
async function copySqlite(dataDir: string, target: string): Promise<{ sqlitePath: string }> {
  const source = sqlitePathFor(dataDir);
  if (!(await exists(source))) throw new Error(`no SQLite database at ${source} (is DATA_DIR right?)`);
  const sqlite = new SQLite(source, { fileMustExist: true });
  try {
    sqlite.pragma('busy_timeout = 5000');
    await sqlite.backup(target, { progress: () => PAGES_PER_STEP });
  } finally {
    sqlite.close();
  }
  await chmod(target, PRIVATE_FILE);
  return { sqlitePath: target };
}

/** Every stored archive the database (the copy, on SQLite) knows of. */
async function listArchives(
  from: { sqlitePath: string } | { databaseUrl: string | undefined },
): Promise<BackedUpBlob[]> {
  const database =
    'sqlitePath' in from
      ? openDatabase({ sqlitePath: from.sqlitePath })
      : openDatabase({ databaseUrl: from.databaseUrl, poolSize: 1 });
  try {
    const rows = await database.db
      .selectFrom('storage_files')
      .select(['storage_key', 'size_bytes', 'sha256'])
      .orderBy('storage_key')
      .execute();
    return rows.map((r) => ({ key: r.storage_key, sizeBytes: Number(r.size_bytes), sha256: r.sha256 }));
  } finally {
    await database.destroy();
  }
}

/**
 * Creates `folder`, or accepts it when it exists and is empty; a backup never mixes with other
 * files. Only its owner may read it: it holds password hashes, and possibly the generated secret.
 */
async function prepareEmptyFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true, mode: PRIVATE_DIR });
  const entries = await readdir(folder);
  if (entries.length > 0) throw new Error(`${folder} is not empty; give a new or empty folder for the backup`);
  await chmod(folder, PRIVATE_DIR);
}

/** The copied database's SHA-256 and the newest migration it has, which `restore` checks before using it. */
async function describeDatabase(file: string): Promise<Pick<BackupManifest, 'databaseSha256' | 'schema'>> {
  const database = openDatabase({ sqlitePath: file });
  let applied: string[];
  try {
    applied = await appliedMigrations(database.db);
  } finally {
    await database.destroy();
  }
  return { databaseSha256: await sha256OfFile(file), schema: applied.at(-1) ?? '' };
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}
