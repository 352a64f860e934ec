import { createHash } from 'node:crypto';
import { PassThrough, Readable, type Writable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { ArchiveHashSource, Database } from '../../db/schema.js';
import { announceJobQueued, enqueueJob } from '../../engines/jobs/queue.js';
import { archiveKey } from '../../engines/storage/blob-store.js';
import { badGateway, gatewayTimeout, type HttpError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { linkVersionArchive } from '../catalogue/version-rows.js';
import { ANALYSE_MIRRORED_JOB } from './analyse-job.js';
import {
  UpstreamClient,
  UpstreamRefusedError,
  UpstreamStatusError,
  UpstreamUnavailableError,
  upstreamOptions,
} from './upstream-client.js';

/** A mirrored version whose archive is not stored here yet. */
export interface UncachedArchive {
  versionId: string;
  key: string;
  upstreamUrl: string;
}

/** An upstream archive on its way: headers known, bytes streaming to the client while stored. */
export interface StreamingArchive {
  contentType: string;
  /** From the upstream's Content-Length; null when it sent none. */
  sizeBytes: number | null;
  /** The upstream's SHA-256 as an ETag, or '' when it recorded none. */
  etag: string;
  /** The bytes for the client; errors (and so aborts the response) if the hash check fails. */
  body: Readable;
}

/** The mirrored version stored under `key` once cached, if it has no archive here yet. */
export async function findUncachedArchive(db: Kysely<Database>, key: string): Promise<UncachedArchive | undefined> {
  const parts = key.split('/');
  if (parts.length !== 4 || parts[3] !== 'node.zip') return undefined;
  const [publisherId, nodeId, version] = parts as [string, string, string];
  const row = await db
    .selectFrom('node_versions')
    .innerJoin('nodes', 'nodes.id', 'node_versions.node_id')
    .select(['node_versions.id', 'node_versions.upstream_archive_url', 'node_versions.publisher_id'])
    .where('node_versions.node_id', '=', nodeId)
    .where('node_versions.version', '=', version)
    .where('node_versions.publisher_id', '=', publisherId)
    .where('node_versions.storage_file_id', 'is', null)
    .where('node_versions.upstream_archive_url', '!=', '')
    .where('node_versions.status', 'in', ['NodeVersionStatusActive', 'NodeVersionStatusPending'])
    .where('nodes.status', '=', 'NodeStatusActive')
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    versionId: row.id,
    key: archiveKey(row.publisher_id, nodeId, version),
    upstreamUrl: row.upstream_archive_url,
  };
}

/** Fetches that are storing an archive now, by key: a second request waits for the first. */
const inFlight = new WeakMap<Kysely<Database>, Map<string, Promise<boolean>>>();

/**
 * Starts fetching a mirrored archive from the upstream: the bytes go to the client and into blob
 * storage at once. When all have arrived, their SHA-256 is compared with the one the upstream
 * recorded (its ETag, when that is a SHA-256); on a mismatch nothing stays stored and the client's
 * stream errors, so a half-trusted archive is never completed. Only a verified archive is attached
 * to its version, after which `/files` serves it from storage like any other.
 *
 * Returns null when another request is storing the same archive and has now finished (the
 * caller reads it from storage). Throws 502/504 when the upstream cannot deliver.
 */
export async function fetchUpstreamArchive(
  ctx: AppContext,
  target: UncachedArchive,
  log: { warn(obj: object, msg: string): void },
): Promise<StreamingArchive | null> {
  const running = inFlight.get(ctx.db)?.get(target.key);
  if (running) {
    await running;
    return null;
  }
  const options = upstreamOptions(ctx.config);
  // The upstream was unset after the sync: the archive can only come from a bundle now.
  if (!options) throw badGateway('Upstream registry not configured', 'this mirrored archive is not cached here');
  const client = new UpstreamClient(options);
  let response: Response;
  try {
    response = await client.fetch(target.upstreamUrl, { 'accept-encoding': 'identity' });
  } catch (error) {
    throw upstreamError(error);
  }
  if (!response.body) throw badGateway('Upstream registry sent no archive');
  const maxBytes = ctx.config.publishing.MAX_ARCHIVE_BYTES;
  // A compressed answer's length says nothing about the archive (fetch inflates it): only an
  // identity answer's Content-Length is the archive's size.
  const encoded = (response.headers.get('content-encoding') ?? 'identity').toLowerCase() !== 'identity';
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  const length = !encoded && Number.isFinite(declared) && declared >= 0 ? declared : null;
  if (length !== null && length > maxBytes) {
    await response.body.cancel().catch(() => undefined);
    throw badGateway('Upstream archive too large', `${length} bytes; this registry keeps at most ${maxBytes}`);
  }
  const expected = sha256FromEtag(response.headers.get('etag'));
  const source = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  const toStore = new PassThrough();
  const toClient = new PassThrough();
  // The reply listens for errors only once it sends the body; before that (HEAD, 304, eager
  // caching) a failed transfer must end this stream, never the process.
  toClient.on('error', () => undefined);
  const stored = ctx.storage.put(target.key, toStore, { contentType: 'application/zip', maxBytes });
  // Storage may refuse before the copy ends (full disk, size limit): stop feeding it at once; the
  // refusal itself is read after the copy.
  stored.catch(() => toStore.destroy());

  // A slow drip would hold this transfer, and every client waiting on it, for as long as the
  // upstream likes: past the limit it is cut like any other failed transfer.
  const maxSeconds = ctx.config.upstream.UPSTREAM_ARCHIVE_MAX_SECONDS;
  const deadline = setTimeout(
    () => source.destroy(new UpstreamArchiveRefused(`the transfer took longer than ${maxSeconds} s`)),
    maxSeconds * 1000,
  );
  const done = (async (): Promise<boolean> => {
    try {
      const hasher = createHash('sha256');
      let received = 0;
      // The last chunk reaches the client only once every byte is checked, so an archive that
      // turns out short, long or different from its recorded hash never arrives complete.
      let held: Buffer | null = null;
      for await (const chunk of source) {
        const bytes = chunk as Buffer;
        received += bytes.length;
        if (received > maxBytes) throw new UpstreamArchiveRefused(`larger than ${maxBytes} bytes`);
        hasher.update(bytes);
        await writeChunk(toStore, bytes);
        if (held) await writeChunk(toClient, held);
        held = bytes;
      }
      if (length !== null && received !== length) {
        throw new UpstreamArchiveRefused(`ended after ${received} of its ${length} bytes`);
      }
      toStore.end();
      const blob = await stored;
      const actual = hasher.digest('hex');
      if (blob.sha256 !== actual || (expected && actual !== expected)) {
        await ctx.storage.delete(target.key);
        log.warn(
          { key: target.key, expected, actual, upstream: target.upstreamUrl },
          'upstream archive refused: its SHA-256 differs from the one the upstream recorded',
        );
        // Still before the headers (an archive of one chunk), this is the client's answer: a 502.
        toClient.destroy(
          badGateway('Upstream archive refused', 'its SHA-256 differs from the one the upstream recorded'),
        );
        return false;
      }
      // With no hash from the upstream the bytes are kept as first fetched, and say so: the
      // stored hash pins them from now on but vouches for nothing before.
      await attachCachedArchive(ctx, target, blob.sizeBytes, blob.sha256, expected ? 'upstream' : 'first_fetch');
      if (held) await writeChunk(toClient, held);
      toClient.end();
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error : new Error(String(error));
      source.destroy();
      toStore.destroy(reason);
      await stored.catch(() => undefined);
      await ctx.storage.delete(target.key).catch(() => undefined);
      toClient.destroy(badGateway('Upstream archive refused', reason.message));
      log.warn({ key: target.key, upstream: target.upstreamUrl, err: reason.message }, 'upstream archive not cached');
      return false;
    } finally {
      clearTimeout(deadline);
      inFlight.get(ctx.db)?.delete(target.key);
    }
  })();
  const map = inFlight.get(ctx.db) ?? new Map<string, Promise<boolean>>();
  inFlight.set(ctx.db, map);
  map.set(target.key, done);
  return {
    contentType: 'application/zip',
    sizeBytes: length,
    etag: expected ? `"${expected}"` : '',
    body: toClient,
  };
}

/** An upstream archive answer that cannot be the archive (too long, cut short). */
export class UpstreamArchiveRefused extends Error {
  constructor(reason: string) {
    super(`upstream archive refused: ${reason}`);
    this.name = 'UpstreamArchiveRefused';
  }
}

/** Fetches and stores a mirrored archive without a client (eager caching, bundles): true when cached. */
export async function cacheUpstreamArchive(
  ctx: AppContext,
  target: UncachedArchive,
  log: { warn(obj: object, msg: string): void },
): Promise<boolean> {
  const started = await fetchUpstreamArchive(ctx, target, log);
  if (!started) return true;
  started.body.resume();
  return new Promise<boolean>((resolve) => {
    started.body.on('end', () => resolve(true));
    started.body.on('error', () => resolve(false));
  });
}

/** Writes a chunk, waiting while the reader is behind; a reader that went away is skipped. */
async function writeChunk(stream: Writable, chunk: Buffer): Promise<void> {
  if (stream.destroyed || stream.writableEnded) return;
  if (stream.write(chunk)) return;
  await new Promise<void>((resolve) => {
    const finish = () => {
      stream.off('drain', finish);
      stream.off('close', finish);
      resolve();
    };
    stream.on('drain', finish);
    stream.on('close', finish);
  });
}

/**
 * Records the stored archive (with what its hash was checked against), attaches it to its
 * version and queues its analysis (node classes and the security scan, as for uploads) in one
 * transaction.
 */
export async function attachCachedArchive(
  ctx: AppContext,
  target: UncachedArchive,
  sizeBytes: number,
  sha256: string,
  hashSource: Exclude<ArchiveHashSource, 'upload'>,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const fileId = newId();
    await trx.deleteFrom('storage_files').where('storage_key', '=', target.key).execute();
    await trx
      .insertInto('storage_files')
      .values({
        id: fileId,
        storage_key: target.key,
        content_type: 'application/zip',
        size_bytes: sizeBytes,
        sha256,
        hash_source: hashSource,
      })
      .execute();
    await linkVersionArchive(trx, target.versionId, fileId, new Date().toISOString(), false);
    await enqueueJob(trx, {
      kind: ANALYSE_MIRRORED_JOB,
      payload: { versionId: target.versionId },
      maxAttempts: ctx.config.jobs.JOBS_MAX_ATTEMPTS,
      // Mirrored archives take turns with uploads instead of holding back publishers' own.
      fairKey: 'mirror',
    });
  });
  announceJobQueued(ctx.events, ANALYSE_MIRRORED_JOB);
}

/** The SHA-256 an ETag carries (`"<64 hex>"`, weak or strong), or null for any other tag. */
export function sha256FromEtag(etag: string | null): string | null {
  const match = etag?.match(/^(?:W\/)?"?([0-9a-f]{64})"?$/i);
  return match?.[1] ? match[1].toLowerCase() : null;
}

function upstreamError(error: unknown): HttpError {
  if (error instanceof UpstreamUnavailableError) {
    return error.timedOut
      ? gatewayTimeout('Upstream registry timed out', 'the archive is not cached here yet; try again later')
      : badGateway('Upstream registry unavailable', 'the archive is not cached here yet; try again later');
  }
  if (error instanceof UpstreamRefusedError) {
    return badGateway('Upstream archive refused', error.reason);
  }
  if (error instanceof UpstreamStatusError) {
    return badGateway('Upstream registry refused the archive', `the upstream answered ${error.status}`);
  }
  return badGateway('Upstream registry unavailable', 'the archive is not cached here yet');
}
