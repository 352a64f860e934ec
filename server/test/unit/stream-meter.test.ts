import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BlobTooLargeError } from '../../src/engines/storage/blob-store.js';
import { LocalBlobStore } from '../../src/engines/storage/local-blob-store.js';
import { meteredCopyToFile } from '../../src/lib/stream-meter.js';
import { ArchiveIntegrityError, fetchArchive } from '../../src/modules/pipeline/fetch-archive.js';
import { spoolToFile } from '../../src/modules/publishing/spool.js';

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'meter-'));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A stream of `count` chunks of 1 KiB, counting how many were pulled from it. */
function kilobytes(count: number) {
  const pulled = { chunks: 0 };
  const stream = Readable.from(
    (function* () {
      for (let i = 0; i < count; i++) {
        pulled.chunks++;
        yield Buffer.alloc(1024, i % 256);
      }
    })(),
  );
  return { stream, pulled };
}

describe('meteredCopyToFile', () => {
  it('writes the bytes and reports their size and SHA-256', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'copy');
    const bytes = Buffer.concat([Buffer.from('hello '), Buffer.from('world')]);
    const measured = await meteredCopyToFile(Readable.from([bytes.subarray(0, 6), bytes.subarray(6)]), file, {
      maxBytes: 11,
      tooLarge: () => new Error('too large'),
    });
    expect(measured).toEqual({
      sizeBytes: 11,
      sha256: 'b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9',
    });
    expect(readFileSync(file).toString()).toBe('hello world');
  });

  it('refuses a stream past the cap as soon as it passes it, and leaves no file', async () => {
    const dir = tempDir();
    const { stream, pulled } = kilobytes(10_000);
    await expect(
      meteredCopyToFile(stream, path.join(dir, 'copy'), {
        maxBytes: 4096,
        tooLarge: () => new BlobTooLargeError(4096),
      }),
    ).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(readdirSync(dir)).toEqual([]);
    // It stopped reading the source shortly after the cap, not at its end (10 MiB).
    expect(pulled.chunks).toBeLessThan(100);
  });

  it('removes the file when the finishing step refuses it', async () => {
    const dir = tempDir();
    await expect(
      meteredCopyToFile(Readable.from([Buffer.from('abc')]), path.join(dir, 'copy'), {
        maxBytes: 10,
        tooLarge: () => new Error('too large'),
        finish: () => {
          throw new Error('not what was expected');
        },
      }),
    ).rejects.toThrow('not what was expected');
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('the copies that use it', () => {
  it('an upload spool refuses a body over the limit with nothing left on disk', async () => {
    const dir = tempDir();
    await expect(spoolToFile(kilobytes(20).stream, dir, 10 * 1024)).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(readdirSync(dir)).toEqual([]);
    const body = Buffer.alloc(10 * 1024, 7);
    const spooled = await spoolToFile(Readable.from([body]), dir, 10 * 1024);
    expect({ sizeBytes: spooled.sizeBytes, sha256: spooled.sha256 }).toEqual({
      sizeBytes: 10240,
      sha256: sha256(body),
    });
    await spooled.remove();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('the local blob store leaves neither the blob nor its partial file when a put is over the limit', async () => {
    const root = tempDir();
    const store = new LocalBlobStore(root, 'http://registry.test/');
    await expect(
      store.put('acme/big/1.0.0/node.zip', kilobytes(20).stream, { contentType: 'application/zip', maxBytes: 4096 }),
    ).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(await store.get('acme/big/1.0.0/node.zip')).toBeNull();
    expect(readdirSync(path.join(root, 'acme/big/1.0.0'))).toEqual([]);
  });

  it('the analyser fetch refuses a stored archive that differs from the upload, leaving no copy', async () => {
    const store = new LocalBlobStore(tempDir(), 'http://registry.test/');
    const bytes = Buffer.from('PK archive bytes');
    await store.put('acme/pack/1.0.0/node.zip', Readable.from([bytes]), {
      contentType: 'application/zip',
      maxBytes: 100,
    });
    const tmp = tempDir();
    const expected = { sizeBytes: bytes.length, sha256: sha256(bytes) };
    await expect(
      fetchArchive(store, 'acme/pack/1.0.0/node.zip', { ...expected, sha256: sha256(Buffer.from('other')) }, tmp),
    ).rejects.toThrow(new ArchiveIntegrityError('the stored archive does not match the uploaded one'));
    await expect(fetchArchive(store, 'acme/pack/1.0.0/node.zip', { ...expected, sizeBytes: 4 }, tmp)).rejects.toThrow(
      new ArchiveIntegrityError('the stored archive grew'),
    );
    expect(readdirSync(tmp)).toEqual([]);
    const copy = await fetchArchive(store, 'acme/pack/1.0.0/node.zip', expected, tmp);
    expect(readFileSync(copy.path)).toEqual(bytes);
  });
});
