import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { NodeVersionsTable } from '../../db/schema.js';
import { announceJobQueued } from '../../engines/jobs/queue.js';
import { archiveKey, BlobTooLargeError } from '../../engines/storage/blob-store.js';
import { badRequest, withCode } from '../../lib/errors.js';
import type { Viewer } from '../auth/viewer.js';
import { normalizeVersion } from '../catalogue/latest-version.js';
import { requirePublishablePack } from '../catalogue/pack-guards.js';
import { findPackByAnyCase } from '../catalogue/pack-rows.js';
import { requireNoPublishingBan } from '../catalogue/publishing-ban.js';
import { catalogueWrite } from '../catalogue/unit-of-work.js';
import { removeUnfinishedVersion } from '../catalogue/version-rows.js';
import { PROCESS_ARCHIVE_JOB } from '../pipeline/process-archive.js';
import { requirePublisherWrite } from '../publishers/access.js';
import { retryOnceOnRace } from './publish-service.js';
import { readDeclaredPackage } from './read-package.js';
import { spoolToFile } from './spool.js';
import { ARCHIVE_CONTENT_TYPE, recordArchive } from './store-archive.js';
import { archiveTooLarge, checkDeclaredSize, checkZipContentType, emptyUpload, guardedBody } from './upload-checks.js';
import { issueUploadTicket } from './upload-ticket.js';
import { keepTicketAlive, startUpload } from './uploads-in-flight.js';
import { writeVersionRows } from './write-rows.js';

export interface BrowserPublishInput {
  publisherId: string;
  nodeId: string;
  changelog: string;
  contentType: string | undefined;
  contentLength: number | undefined;
  body: Readable | undefined;
}

const NO_VERSION_FIELDS = {
  dependencies: [],
  supportedOs: [],
  supportedAccelerators: [],
  supportedComfyuiVersion: '',
  supportedComfyuiFrontendVersion: '',
};

const NO_PACK_FIELDS = {
  name: '',
  description: '',
  license: '',
  repository: '',
  icon: '',
  banner: '',
  supportedOs: [],
  supportedAccelerators: [],
  supportedComfyuiVersion: '',
  supportedComfyuiFrontendVersion: '',
};

/**
 * Publishing from the web: a signed-in owner or member uploads the zip itself. The archive is
 * saved to a temporary file, its pyproject.toml says which version it is, and then it joins the
 * comfy-cli path: the version is created Pending with the archive attached and the same
 * `process-archive` job decides its status. Pack metadata comes from the archive in that job.
 */
export async function publishFromBrowser(
  ctx: AppContext,
  viewer: Viewer,
  input: BrowserPublishInput,
): Promise<Selectable<NodeVersionsTable>> {
  await requirePublisherWrite(ctx.db, viewer, input.publisherId, 'manage-packs');
  const existing = await findPackByAnyCase(ctx.db, input.nodeId);
  requirePublishablePack(existing, input.publisherId);
  await requireNoPublishingBan(ctx.db, input.publisherId, input.nodeId);
  // Before the upload is read: a new pack must not take an id the upstream registry has.
  await ctx.upstreamIds.ensureFree(input.nodeId);
  const max = ctx.config.publishing.MAX_ARCHIVE_BYTES;
  checkZipContentType(input.contentType);
  checkDeclaredSize(input.contentLength, max);
  const finish = startUpload(ctx, `user:${viewer.id}`);
  try {
    return await receiveBrowserUpload(ctx, viewer, input, max);
  } finally {
    finish();
  }
}

async function receiveBrowserUpload(
  ctx: AppContext,
  viewer: Viewer,
  input: BrowserPublishInput,
  max: number,
): Promise<Selectable<NodeVersionsTable>> {
  const idleMs = ctx.config.publishing.UPLOAD_IDLE_TIMEOUT_SECONDS * 1000;
  const body = guardedBody(input.body, input.contentLength, idleMs);
  const spooled = await spoolToFile(body.stream, path.join(ctx.config.database.DATA_DIR, 'tmp'), max).catch(
    (error: unknown) => {
      body.detach();
      throw error instanceof BlobTooLargeError ? archiveTooLarge(max) : error;
    },
  );
  try {
    if (spooled.sizeBytes === 0) throw emptyUpload();
    const declared = await readDeclaredPackage(spooled.path, ctx.config.publishing.ARCHIVE_MAX_ENTRIES);
    if (!declared.ok) {
      throw withCode(badRequest('The archive cannot be published', declared.reason), declared.code, declared.params);
    }
    if (declared.name.toLowerCase() !== input.nodeId.toLowerCase()) {
      throw withCode(
        badRequest(
          'The archive is for another node',
          `pyproject.toml names "${declared.name}", but it is being published as "${input.nodeId}"`,
        ),
        'archive.other_node',
        { declared: declared.name, nodeId: input.nodeId },
      );
    }
    const version = normalizeVersion(declared.version);
    if (!version) {
      throw withCode(
        badRequest('Failed to create node version', `"${declared.version}" is not a valid semantic version`),
        'archive.bad_version',
        { version: declared.version },
      );
    }
    // Take the version first (Pending, with its upload marked in progress), so no other publish
    // can claim the same number while the archive goes to storage under its key.
    const claim = await retryOnceOnRace(() =>
      catalogueWrite(ctx, async (work) => {
        const { trx } = work;
        const now = new Date();
        const rows = await writeVersionRows(work, {
          publisherId: input.publisherId,
          nodeId: input.nodeId,
          pack: NO_PACK_FIELDS,
          version: { ...NO_VERSION_FIELDS, version, changelog: input.changelog },
          actorUserId: viewer.id,
          provenance: { via: 'browser', user_id: viewer.id, user_name: viewer.name },
          now: now.toISOString(),
        });
        const ticket = await issueUploadTicket(trx, rows.version.id, {
          publicApiUrl: ctx.config.server.PUBLIC_API_URL,
          ttlSeconds: ctx.config.publishing.UPLOAD_URL_TTL_SECONDS,
          now,
          claimed: true,
        });
        return { version: rows.version, created: !rows.replaced, ticketId: ticket.id };
      }),
    );
    const key = archiveKey(input.publisherId, claim.version.node_id, version);
    const stopHeartbeat = keepTicketAlive(ctx, claim.ticketId);
    try {
      const stored = await ctx.storage.put(key, createReadStream(spooled.path), {
        contentType: ARCHIVE_CONTENT_TYPE,
        maxBytes: max,
      });
      await ctx.db
        .transaction()
        .execute((trx) => recordArchive(trx, claim.version.id, key, stored, ctx.config.jobs.JOBS_MAX_ATTEMPTS));
    } catch (error) {
      await undoClaim(ctx, claim, key);
      throw error;
    } finally {
      stopHeartbeat();
    }
    announceJobQueued(ctx.events, PROCESS_ARCHIVE_JOB);
    return ctx.db.selectFrom('node_versions').selectAll().where('id', '=', claim.version.id).executeTakeFirstOrThrow();
  } finally {
    await spooled.remove();
  }
}

/** Removes what a failed browser upload left: the blob, and the version it created (or its claim). */
async function undoClaim(
  ctx: AppContext,
  claim: { version: Selectable<NodeVersionsTable>; created: boolean; ticketId: string },
  key: string,
): Promise<void> {
  await ctx.storage.delete(key).catch(() => undefined);
  if (claim.created) {
    await removeUnfinishedVersion(ctx.db, claim.version.id);
  } else {
    await ctx.db.deleteFrom('upload_tickets').where('id', '=', claim.ticketId).execute();
  }
}
