import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { archiveKey, type BlobStore, BlobTooLargeError } from '../../src/engines/storage/blob-store.js';

/** Bytes from a generator, in chunks, without holding them all (for large-upload cases). */
function chunks(total: number, chunkSize: number, fill = (i: number) => i % 251): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return this.push(null);
      const size = Math.min(chunkSize, total - sent);
      const chunk = Buffer.alloc(size);
      for (let i = 0; i < size; i++) chunk[i] = fill(sent + i);
      sent += size;
      this.push(chunk);
    },
  });
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const zip = { contentType: 'application/zip' };

/**
 * The behaviour every BlobStore must have (STYLE.md §5: one contract suite, every implementation).
 * `make` returns a store on an empty, private location.
 */
export function blobStoreContract(name: string, make: () => Promise<BlobStore>): void {
  describe(`BlobStore contract: ${name}`, () => {
    it('stores bytes and reads them back with their size and SHA-256', async () => {
      const store = await make();
      const key = archiveKey('acme', 'hello', '1.0.0');
      const data = Buffer.from('PK\u0003\u0004 pretend zip bytes');
      const stored = await store.put(key, Readable.from([data.subarray(0, 5), data.subarray(5)]), {
        ...zip,
        maxBytes: 1000,
      });
      expect(stored).toEqual({ key, sizeBytes: data.length, sha256: sha256(data) });
      const got = await store.get(key);
      expect(got?.sizeBytes).toBe(data.length);
      expect(await buffer(got?.body ?? Readable.from([]))).toEqual(data);
    });

    it('reads a byte range of a blob: the start, the middle, the end; null for an absent key', async () => {
      const store = await make();
      const key = archiveKey('acme', 'hello', '1.1.0');
      const data = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
      await store.put(key, Readable.from([data]), { ...zip, maxBytes: 2000 });
      for (const [start, end] of [
        [0, 30],
        [400, 650],
        [990, 1000],
        [500, 500],
      ] as const) {
        const range = await store.getRange(key, start, end);
        expect(await buffer(range ?? Readable.from([])), `${start}-${end}`).toEqual(data.subarray(start, end));
      }
      expect(await store.getRange('acme/nothing/1.0.0/node.zip', 0, 10)).toBeNull();
      await expect(store.getRange('../x', 0, 10)).rejects.toThrow(/invalid blob key/);
    });

    it('passes its readiness check while it works, and the check leaves nothing stored', async () => {
      const store = await make();
      await expect(store.check()).resolves.toBeUndefined();
      await expect(store.check()).resolves.toBeUndefined();
      expect(await store.removeLeftovers?.(new Date(Date.now() + 60_000))).toBeFalsy();
    });

    it('answers null for a key that was never stored, and deleting it is fine', async () => {
      const store = await make();
      expect(await store.get('acme/nothing/1.0.0/node.zip')).toBeNull();
      await expect(store.delete('acme/nothing/1.0.0/node.zip')).resolves.toBeUndefined();
    });

    it('replaces a blob stored again under the same key, and deletes it', async () => {
      const store = await make();
      const key = 'acme/hello/2.0.0/node.zip';
      await store.put(key, Readable.from([Buffer.from('first')]), { ...zip, maxBytes: 100 });
      await store.put(key, Readable.from([Buffer.from('second version')]), { ...zip, maxBytes: 100 });
      const got = await store.get(key);
      expect((await buffer(got?.body ?? Readable.from([]))).toString()).toBe('second version');
      await store.delete(key);
      expect(await store.get(key)).toBeNull();
    });

    it('refuses a body over the limit and keeps nothing under the key', async () => {
      const store = await make();
      const key = 'acme/big/1.0.0/node.zip';
      await expect(store.put(key, chunks(10_000, 1000), { ...zip, maxBytes: 4096 })).rejects.toBeInstanceOf(
        BlobTooLargeError,
      );
      expect(await store.get(key)).toBeNull();
    });

    it('refuses a large body that crosses the limit after several parts, keeping nothing', async () => {
      const store = await make();
      const key = 'acme/bigger/1.0.0/node.zip';
      await expect(
        store.put(key, chunks(40 * 1024 * 1024, 256 * 1024), { ...zip, maxBytes: 18 * 1024 * 1024 }),
      ).rejects.toBeInstanceOf(BlobTooLargeError);
      expect(await store.get(key)).toBeNull();
    });

    it('keeps nothing when the body fails half-way', async () => {
      const store = await make();
      const key = 'acme/broken/1.0.0/node.zip';
      const failing = new Readable({
        read() {
          this.push(Buffer.alloc(1000, 1));
          this.destroy(new Error('client went away'));
        },
      });
      await expect(store.put(key, failing, { ...zip, maxBytes: 1_000_000 })).rejects.toThrow('client went away');
      expect(await store.get(key)).toBeNull();
    });

    it('streams a large blob through in parts', async () => {
      const store = await make();
      const key = 'acme/large/1.0.0/node.zip';
      const total = 20 * 1024 * 1024 + 12_345;
      const expected = createHash('sha256');
      const source = chunks(total, 64 * 1024);
      source.on('data', (c: Buffer) => expected.update(c));
      source.pause();
      const stored = await store.put(key, source, { ...zip, maxBytes: 64 * 1024 * 1024 });
      expect(stored).toEqual({ key, sizeBytes: total, sha256: expected.digest('hex') });
      const got = await store.get(key);
      expect(got?.sizeBytes).toBe(total);
      const back = createHash('sha256');
      for await (const c of got?.body ?? Readable.from([])) back.update(c as Buffer);
      expect(back.digest('hex')).toBe(stored.sha256);
    });

    it('refuses keys that could escape their place, on every operation', async () => {
      const store = await make();
      for (const key of ['../x', '/etc/passwd', 'a/../../b', 'a//b', '', '.hidden/x']) {
        await expect(store.put(key, Readable.from([Buffer.from('x')]), { ...zip, maxBytes: 10 })).rejects.toThrow(
          /invalid blob key/,
        );
        await expect(store.get(key)).rejects.toThrow(/invalid blob key/);
        await expect(store.delete(key)).rejects.toThrow(/invalid blob key/);
      }
    });

    it('gives an absolute http(s) download URL that ends with the key', async () => {
      const store = await make();
      const url = store.downloadUrl('acme/hello/1.0.0+build.1/node.zip');
      expect(url).toMatch(/^https?:\/\/[^/]+\/.*acme\/hello\/1\.0\.0%2Bbuild\.1\/node\.zip$/);
    });
  });
}
