import { randomBytes } from 'node:crypto';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { processWorkspace, type RegistryProcess, startRegistry } from '../helpers/server-process.js';
import { type ArchiveBehaviour, HOSTILE_KEY, startHostileUpstream } from '../mirror/hostile-upstream.js';

const MAX_ARCHIVE_BYTES = 1024 * 1024;

function archive(): Buffer {
  const toml = new TextEncoder().encode('[project]\nname = "alpha"\nversion = "1.0.0"\n');
  return Buffer.from(zipSync({ 'pyproject.toml': toml, 'weights.bin': randomBytes(200 * 1024) }, { level: 0 }));
}

const HOSTILE: ArchiveBehaviour[] = [
  { kind: 'truncated' },
  { kind: 'endless', bytes: 8 * MAX_ARCHIVE_BYTES },
  { kind: 'gzip-bomb', bytes: 16 * MAX_ARCHIVE_BYTES },
  { kind: 'wrong-hash' },
];

/** True while the registry's process (the primary, with WORKERS > 1) has not exited. */
function watchExit(registry: RegistryProcess): () => boolean {
  let exited = false;
  void registry.exited.then(() => {
    exited = true;
  });
  return () => !exited;
}

async function fetchArchive(url: string): Promise<{ status: number; bytes: Buffer } | null> {
  try {
    const answer = await fetch(`${url}/files/${HOSTILE_KEY}`);
    return { status: answer.status, bytes: Buffer.from(await answer.arrayBuffer()) };
  } catch {
    return null;
  }
}

describe('the built registry against a hostile upstream', () => {
  it('keeps every process up through truncated, endless, gzip-inflating and mismatching archive answers', async () => {
    const bytes = archive();
    const upstream = await startHostileUpstream(bytes);
    const { env } = await processWorkspace();
    const registry = await startRegistry({
      ...env,
      WORKERS: '2',
      UPSTREAM_URL: upstream.url,
      UPSTREAM_RETRY_BASE_MS: '10',
      UPSTREAM_MAX_RETRIES: '1',
      MAX_ARCHIVE_BYTES: String(MAX_ARCHIVE_BYTES),
    });
    const alive = watchExit(registry);
    await expect
      .poll(async () => (await fetch(`${registry.url}/nodes/alpha/install`)).status, { timeout: 60_000 })
      .toBe(200);

    for (const behaviour of HOSTILE) {
      upstream.archive = behaviour;
      const answers = await Promise.all(Array.from({ length: 5 }, () => fetchArchive(registry.url)));
      for (const answer of answers) {
        if (answer?.status === 200) expect(answer.bytes.equals(bytes), behaviour.kind).toBe(false);
      }
      const health = await Promise.all(Array.from({ length: 5 }, () => fetch(`${registry.url}/health`)));
      expect(health.map((h) => h.status)).toEqual([200, 200, 200, 200, 200]);
      expect(alive(), `the registry exited after a ${behaviour.kind} archive`).toBe(true);
    }
    // No worker died either: the primary replaces dead workers and logs it.
    expect(registry.stdout() + registry.stderr()).not.toMatch(/worker (died|exited)/i);

    upstream.archive = { kind: 'honest' };
    const good = await fetchArchive(registry.url);
    expect(good?.status).toBe(200);
    expect(good?.bytes.equals(bytes)).toBe(true);
    expect(alive()).toBe(true);
  });

  it('survives an eager first sync whose archive never ends', async () => {
    const upstream = await startHostileUpstream(archive());
    upstream.archive = { kind: 'endless', bytes: 8 * MAX_ARCHIVE_BYTES };
    const { env } = await processWorkspace();
    const registry = await startRegistry({
      ...env,
      WORKERS: '1',
      UPSTREAM_URL: upstream.url,
      UPSTREAM_CACHE: 'eager',
      UPSTREAM_RETRY_BASE_MS: '10',
      UPSTREAM_MAX_RETRIES: '1',
      MAX_ARCHIVE_BYTES: String(MAX_ARCHIVE_BYTES),
    });
    const alive = watchExit(registry);
    // The eager fetch started and the mirror gave up on it (at MAX_ARCHIVE_BYTES).
    await expect.poll(() => upstream.finished.some((r) => r.startsWith('/files/')), { timeout: 60_000 }).toBe(true);
    // One more request after it proves the process came through.
    expect((await fetch(`${registry.url}/nodes/alpha/install`)).status).toBe(200);
    expect(alive()).toBe(true);
    expect((await fetch(`${registry.url}/health`)).status).toBe(200);
  });
});
