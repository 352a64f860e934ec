import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ArchiveDirectoryEntry } from '../../engines/archive/types.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * One file as stored in `archive_directories.files`: a tuple rather than an object, because the
 * largest packs have close to a thousand files and the row is read whole on every first look.
 */
type StoredRecord = [name: string, size: number, compressedSize: number, crc32: number, offset: number, method: number];

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function recordOf(value: unknown): ArchiveDirectoryEntry | null {
  if (!Array.isArray(value) || value.length !== 6) return null;
  const [name, size, compressedSize, crc32, offset, method] = value as unknown[];
  if (typeof name !== 'string' || name.length === 0) return null;
  if (!isCount(size) || !isCount(compressedSize) || !isCount(crc32) || !isCount(offset)) return null;
  if (method !== 0 && method !== 8) return null;
  return { name, size, compressedSize, crc32, offset, method };
}

/**
 * The stored directory of an archive, or null when none was stored (archives from before the table)
 * or the row cannot be read as one (then the caller reads the zip itself).
 */
export async function findArchiveDirectory(db: Db, storageFileId: string): Promise<ArchiveDirectoryEntry[] | null> {
  const row = await db
    .selectFrom('archive_directories')
    .select('files')
    .where('storage_file_id', '=', storageFileId)
    .executeTakeFirst();
  if (!row) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(row.files);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  const files: ArchiveDirectoryEntry[] = [];
  for (const value of parsed) {
    const record = recordOf(value);
    if (!record) return null;
    files.push(record);
  }
  return files;
}

/** Keeps the checked directory of a stored archive; a second write for the same blob changes nothing. */
export async function saveArchiveDirectory(
  db: Db,
  storageFileId: string,
  files: readonly ArchiveDirectoryEntry[],
): Promise<void> {
  // A checked archive has at least its pyproject.toml: an empty list only comes from an analysis
  // that read no archive, and stored it would hide the files the zip has.
  if (files.length === 0) return;
  const records = files.map((f): StoredRecord => [f.name, f.size, f.compressedSize, f.crc32, f.offset, f.method]);
  await db
    .insertInto('archive_directories')
    .values({ storage_file_id: storageFileId, files: JSON.stringify(records), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('storage_file_id').doNothing())
    .execute();
}
