import { createHash, randomBytes } from 'node:crypto';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { HOSTILE_KEY, type HostileUpstream, startHostileUpstream } from './hostile-upstream.js';
import { buildMirror, syncNow } from './support.js';

/** Mirrors keep at most this much per archive in these tests. */
const MAX_ARCHIVE_BYTES = 1024 * 1024;

/** A real pack archive of about 300 KB (random bytes do not compress), so it streams in many chunks. */
function bigArchive(): Buffer {
  const toml = new TextEncoder().encode('[project]\nname = "alpha"\nversion = "1.0.0"\n');
  return Buffer.from(zipSync({ 'pyproject.toml': toml, 'weights.bin': randomBytes(300 * 1024) }, { level: 0 }));
}

async function mirrorOf(upstream: HostileUpstream): Promise<TestApp> {
  const mirror = await buildMirror(upstream.url, { MAX_ARCHIVE_BYTES: String(MAX_ARCHIVE_BYTES) });
  await syncNow(mirror);
  return mirror;
}

/** The archive as a client gets it: its status and bytes, or null when the transfer was cut. */
async function download(mirror: TestApp): Promise<{ status: number; body: Buffer } | null> {
  try {
    const answer = await mirror.anon.get(`/files/${HOSTILE_KEY}`);
    return { status: answer.statusCode, body: answer.rawPayload };
  } catch {
    return null;
  }
}

async function cached(mirror: TestApp): Promise<boolean> {
  const row = await mirror.ctx.db
    .selectFrom('node_versions')
    .select('storage_file_id')
    .where('node_id', '=', 'alpha')
    .executeTakeFirstOrThrow();
  return row.storage_file_id !== null;
}

describe('a mirror facing a hostile or broken upstream archive answer', () => {
  const cases = [
    { name: 'ends before its Content-Length', archive: { kind: 'truncated' as const } },
    { name: 'is chunked past MAX_ARCHIVE_BYTES', archive: { kind: 'endless' as const, bytes: 8 * MAX_ARCHIVE_BYTES } },
    {
      name: 'is gzip-encoded and inflates past MAX_ARCHIVE_BYTES',
      archive: { kind: 'gzip-bomb' as const, bytes: 16 * MAX_ARCHIVE_BYTES },
    },
    { name: 'differs from the hash it announces', archive: { kind: 'wrong-hash' as const } },
  ];

  for (const { name, archive } of cases) {
    it(`survives an archive answer that ${name}, delivers no complete archive and stores nothing`, async () => {
      const bytes = bigArchive();
      const upstream = await startHostileUpstream(bytes);
      const mirror = await mirrorOf(upstream);
      upstream.archive = archive;

      // GET and HEAD, several at once, as clients retrying would.
      const answers = await Promise.all([
        download(mirror),
        download(mirror),
        mirror.anon
          .inject({ method: 'HEAD', url: `/files/${HOSTILE_KEY}` })
          .then((head) => ({ status: head.statusCode, body: head.rawPayload }))
          .catch(() => null),
        download(mirror),
      ]);
      for (const answer of answers) {
        if (answer === null) continue;
        // Either refused outright or cut: never a whole archive with a success status.
        if (answer.status === 200) expect(answer.body.equals(bytes)).toBe(false);
        else expect([502, 504], answer.body.toString()).toContain(answer.status);
      }
      await expect.poll(() => upstream.requests.filter((r) => r.startsWith('/files/')).length).toBeGreaterThan(0);
      // Give every started transfer time to fail (the poll ends once none is stored or running).
      await expect.poll(async () => (await mirror.ctx.storage.get(HOSTILE_KEY)) === null).toBe(true);
      expect(await cached(mirror)).toBe(false);
      expect((await mirror.anon.get('/health')).statusCode).toBe(200);

      // Once the upstream behaves again, the same mirror fetches, checks and keeps the archive.
      upstream.archive = { kind: 'honest' };
      const good = await download(mirror);
      expect(good?.status).toBe(200);
      expect(good?.body.equals(bytes)).toBe(true);
      expect(await cached(mirror)).toBe(true);
    });
  }

  it('holds back the end of an archive whose hash does not match, so the client never gets all of it', async () => {
    const bytes = bigArchive();
    const upstream = await startHostileUpstream(bytes);
    const mirror = await mirrorOf(upstream);
    upstream.archive = { kind: 'wrong-hash' };
    const answer = await download(mirror);
    if (answer !== null) expect(answer.body.length).toBeLessThan(bytes.length);
    expect(await cached(mirror)).toBe(false);
  });

  it('keeps an archive the upstream sends with no hash as first fetched, says so on the trust panel, and pins it from then on', async () => {
    const bytes = bigArchive();
    const upstream = await startHostileUpstream(bytes);
    const mirror = await mirrorOf(upstream);
    upstream.archive = { kind: 'no-hash' };
    const first = await mirror.anon.get(`/files/${HOSTILE_KEY}`);
    expect(first.statusCode).toBe(200);
    // Nothing vouched for these bytes: the first answer claims no hash either.
    expect(first.headers.etag).toBeUndefined();
    expect(first.rawPayload.equals(bytes)).toBe(true);
    const digest = createHash('sha256').update(bytes).digest('hex');
    const trust = await mirror.anon.get('/nodes/alpha/versions/1.0.0/trust');
    expect(trust.statusCode).toBe(200);
    expect(trust.json().archive).toEqual({ sha256: digest, size_bytes: bytes.length, hash_source: 'first_fetch' });

    // Later clients get exactly the bytes first fetched, whatever the upstream sends meanwhile.
    upstream.archive = { kind: 'wrong-hash' };
    const requests = upstream.requests.length;
    const later = await mirror.anon.get(`/files/${HOSTILE_KEY}`);
    expect(later.headers.etag).toBe(`"${digest}"`);
    expect(later.rawPayload.equals(bytes)).toBe(true);
    expect(upstream.requests.length).toBe(requests);
  });

  it('records an archive matching the hash the upstream sent as checked against the upstream', async () => {
    const bytes = bigArchive();
    const upstream = await startHostileUpstream(bytes);
    const mirror = await mirrorOf(upstream);
    expect((await mirror.anon.get(`/files/${HOSTILE_KEY}`)).statusCode).toBe(200);
    const trust = await mirror.anon.get('/nodes/alpha/versions/1.0.0/trust');
    expect(trust.json().archive).toEqual({
      sha256: createHash('sha256').update(bytes).digest('hex'),
      size_bytes: bytes.length,
      hash_source: 'upstream',
    });
  });
});
