import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import type { AppContext } from '../../src/context.js';
import type { DatabaseHandle } from '../../src/db/database.js';
import { LocalBlobStore } from '../../src/engines/storage/local-blob-store.js';
import { findArchiveDirectory } from '../../src/modules/catalogue/archive-directories.js';
import {
  type ArchiveRef,
  archiveDirectory,
  openStoredArchive,
  readFileStart,
} from '../../src/modules/code/stored-zip.js';
import { createTestDatabase } from '../helpers/database.js';
import { realPacksDir } from '../helpers/real-packs.js';

const dir = mkdtempSync(path.join(tmpdir(), 'code-zip-'));
let handle: DatabaseHandle;
/** The parts of the context the reader uses: the publishing limits, a local blob folder and the database. */
let ctx: AppContext;

beforeAll(async () => {
  handle = await createTestDatabase();
  ctx = {
    config: loadConfig({ DATA_DIR: dir }),
    storage: { localPath: (key: string) => path.join(dir, key) },
    db: handle.db,
  } as unknown as AppContext;
});
afterAll(async () => {
  await handle.destroy();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * A blob row for `storageKey`, as an upload records it (the directory row hangs off it), in place
 * of any earlier row under that key.
 */
async function blob(storageKey: string, sha256: string): Promise<ArchiveRef> {
  const storageFileId = `file-${sha256}`;
  await handle.db.deleteFrom('storage_files').where('storage_key', '=', storageKey).execute();
  await handle.db
    .insertInto('storage_files')
    .values({ id: storageFileId, storage_key: storageKey, content_type: 'application/zip', size_bytes: 1, sha256 })
    .execute();
  return { storageFileId, storageKey, sizeBytes: statSync(path.join(dir, storageKey)).size, sha256 };
}

async function readAll(ref: ArchiveRef, name: string, from: AppContext = ctx): Promise<string> {
  const archive = await openStoredArchive(from, ref);
  try {
    const file = archive.files.get(name);
    if (!file) throw new Error(`no ${name}`);
    return (await readFileStart(archive, file, file.size + 1)).bytes.toString('utf8');
  } finally {
    archive.close();
  }
}

describe('stored archive reader', () => {
  // The largest corpus archive (5 MB) puts most file data before the directory read up front.
  const largest = path.join(realPacksDir, 'comfyui-lora-manager.zip');
  const expected = unzipSync(readFileSync(largest));

  it('reads files lying before and inside the tail of a large real archive, again after its directory is cached', async () => {
    copyFileSync(largest, path.join(dir, 'large.zip'));
    const ref = await blob('large.zip', 'large');
    const names = Object.keys(expected).filter((n) => n.endsWith('.py') || n.endsWith('.js'));
    const picked = [names[0], names[Math.floor(names.length / 2)], names[names.length - 1]] as string[];
    for (const round of [1, 2]) {
      for (const name of picked) {
        expect(await readAll(ref, name), `${name}, round ${round}`).toBe(
          new TextDecoder().decode(expected[name] as Uint8Array),
        );
      }
    }
    const directory = await archiveDirectory(ctx, ref);
    expect(directory.size).toBe(Object.keys(expected).filter((n) => !n.endsWith('/')).length);
  });

  it('reads one file of a remote archive by byte ranges, never fetching the whole archive', async () => {
    copyFileSync(largest, path.join(dir, 'remote.zip'));
    const ref = await blob('remote.zip', 'remote');
    await archiveDirectory(ctx, ref);
    // A store without files on this machine (as S3), over the same folder, counting what it serves.
    const local = new LocalBlobStore(dir, 'http://registry.test');
    const served = { ranged: 0, whole: 0 };
    const remote = {
      ...ctx,
      storage: {
        get: (key: string) => {
          served.whole += 1;
          return local.get(key);
        },
        getRange: (key: string, start: number, end: number) => {
          served.ranged += end - start;
          return local.getRange(key, start, end);
        },
      },
    } as unknown as AppContext;
    const name = Object.keys(expected).find((n) => n.endsWith('.js') && (expected[n]?.length ?? 0) > 50_000) ?? '';
    expect(await readAll(ref, name, remote)).toBe(new TextDecoder().decode(expected[name] as Uint8Array));
    const file = (await archiveDirectory(ctx, ref)).get(name);
    expect(served.whole).toBe(0);
    // The file's stored bytes, its local header, and what opening reads: the end record with its
    // longest comment (at most 64 KiB) and the 20-byte ZIP64 locator before it.
    expect(served.ranged).toBeLessThanOrEqual((file?.compressedSize ?? 0) + 30 + 22 + 0xffff + 20);
    expect(statSync(largest).size).toBeGreaterThan(served.ranged * 4);
  });

  it('tells a store that cannot be reached (503 upstream) and a missing blob (404) from a broken archive', async () => {
    writeFileSync(path.join(dir, 'away.zip'), zipSync({ 'pack/a.py': new TextEncoder().encode('A = 1\n') }));
    const ref = await blob('away.zip', 'away');
    await archiveDirectory(ctx, ref);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), { code: 'ECONNREFUSED' });
    const storeAway = {
      ...ctx,
      storage: { get: () => Promise.reject(refused), getRange: () => Promise.reject(refused) },
    } as unknown as AppContext;
    await expect(readAll(ref, 'pack/a.py', storeAway)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    const blobGone = {
      ...ctx,
      storage: { get: async () => null, getRange: async () => null },
    } as unknown as AppContext;
    await expect(readAll(ref, 'pack/a.py', blobGone)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('keeps the directories of different archives apart, even under one storage key', async () => {
    writeFileSync(path.join(dir, 'a.zip'), zipSync({ 'pack/a.py': new TextEncoder().encode('A = 1\n') }));
    const first = await blob('a.zip', 'first');
    expect(await readAll(first, 'pack/a.py')).toBe('A = 1\n');
    writeFileSync(path.join(dir, 'a.zip'), zipSync({ 'pack/b.py': new TextEncoder().encode('B = 2\n') }));
    const second = await blob('a.zip', 'second');
    expect([...(await archiveDirectory(ctx, second)).keys()]).toEqual(['pack/b.py']);
    expect(await readAll(second, 'pack/b.py')).toBe('B = 2\n');
  });

  it('keeps the checked directory in the database and lists from it without reading the zip again', async () => {
    writeFileSync(path.join(dir, 'kept.zip'), zipSync({ 'pack/kept.py': new TextEncoder().encode('K = 1\n') }));
    const ref = await blob('kept.zip', 'kept');
    expect([...(await archiveDirectory(ctx, ref)).keys()]).toEqual(['pack/kept.py']);
    expect((await findArchiveDirectory(handle.db, ref.storageFileId))?.map((f) => f.name)).toEqual(['pack/kept.py']);

    // Another process (a fresh cache key) finds the stored row: the blob is no longer a zip, yet
    // the listing comes back whole; reading a file needs the archive and says it cannot be shown.
    writeFileSync(path.join(dir, 'kept.zip'), 'not a zip any more');
    const again = { ...ref, sha256: 'kept-again' };
    expect([...(await archiveDirectory(ctx, again)).keys()]).toEqual(['pack/kept.py']);
    await expect(readAll(again, 'pack/kept.py')).rejects.toMatchObject({ statusCode: 422 });
  });
});
