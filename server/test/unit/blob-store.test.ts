import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { archiveKey, BlobTooLargeError, isValidBlobKey } from '../../src/engines/storage/blob-store.js';
import { LocalBlobStore } from '../../src/engines/storage/local-blob-store.js';

function store() {
  return new LocalBlobStore(mkdtempSync(path.join(os.tmpdir(), 'blobs-')), 'http://registry.test/');
}

describe('LocalBlobStore', () => {
  it('stores, reads back, reports size and hash, and deletes', async () => {
    const s = store();
    const key = archiveKey('acme', 'hello', '1.0.0');
    const stored = await s.put(key, Readable.from([Buffer.from('hello '), Buffer.from('world')]), {
      contentType: 'application/zip',
      maxBytes: 100,
    });
    expect(stored).toEqual({
      key,
      sizeBytes: 11,
      sha256: 'b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9',
    });
    const got = await s.get(key);
    expect(got?.sizeBytes).toBe(11);
    expect(await text(got?.body ?? Readable.from([]))).toBe('hello world');
    expect(s.downloadUrl(key)).toBe('http://registry.test/files/acme/hello/1.0.0/node.zip');
    await s.delete(key);
    expect(await s.get(key)).toBeNull();
  });

  it('stores nothing when the body exceeds the limit', async () => {
    const s = store();
    await expect(
      s.put('a/b.zip', Readable.from([Buffer.alloc(50), Buffer.alloc(60)]), {
        contentType: 'application/zip',
        maxBytes: 100,
      }),
    ).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(await s.get('a/b.zip')).toBeNull();
  });

  it('refuses keys that could escape its folder', async () => {
    const s = store();
    for (const key of ['../x', '/etc/passwd', 'a/../../b', 'a//b', '', '.hidden/x']) {
      expect(isValidBlobKey(key)).toBe(false);
      await expect(s.get(key)).rejects.toThrow(/invalid blob key/);
    }
  });
});
