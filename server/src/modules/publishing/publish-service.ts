import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { NodeVersionsTable } from '../../db/schema.js';
import { catalogueWrite } from '../catalogue/unit-of-work.js';
import { isUniqueViolation } from '../publishers/db-guards.js';
import { touchToken } from '../tokens/repository.js';
import { useGrant } from '../trusted-publishing/grants.js';
import { checkPublishToken } from './check-token.js';
import type { PublishVersionBodyJson } from './schemas.js';
import { issueUploadTicket } from './upload-ticket.js';
import { readPublishRequest } from './validate-request.js';
import { versionExists, writeVersionRows } from './write-rows.js';

/** A published version and the URL its archive goes to. */
export interface PublishedVersion {
  version: Selectable<NodeVersionsTable>;
  signedUrl: string;
}

/**
 * `comfy node publish`, step one: check the token, read the request, then in one transaction
 * write the pack and version rows and issue the upload URL. Nothing is written when any check
 * fails. The catalogue hears about the change after commit (`catalogueWrite`).
 */
export async function publishVersion(
  ctx: AppContext,
  params: { publisherId: string; nodeId: string },
  body: PublishVersionBodyJson,
): Promise<PublishedVersion> {
  const access = await checkPublishToken(ctx.db, params.publisherId, params.nodeId, body.personal_access_token);
  const request = readPublishRequest(params, body);
  // A new pack must not take an id the upstream registry has (asked outside the transaction).
  await ctx.upstreamIds.ensureFree(request.nodeId);
  const write = () =>
    catalogueWrite(ctx, async (work) => {
      const { trx } = work;
      const now = new Date();
      const rows = await writeVersionRows(work, {
        publisherId: request.publisherId,
        nodeId: request.nodeId,
        pack: request.pack,
        version: request.version,
        actorUserId: null,
        provenance: access.provenance,
        now: now.toISOString(),
      });
      const ticket = await issueUploadTicket(trx, rows.version.id, {
        publicApiUrl: ctx.config.server.PUBLIC_API_URL,
        ttlSeconds: ctx.config.publishing.UPLOAD_URL_TTL_SECONDS,
        now,
        ...(access.tokenId ? { tokenId: access.tokenId } : {}),
      });
      // Only a publish that went through counts as the token's use; a trusted publishing
      // credential is used up by it (rolled back with everything else when it fails).
      if (access.tokenId) await touchToken(trx, access.tokenId, now.toISOString());
      if (access.grantId) await useGrant(trx, access.grantId, now);
      return { ...rows, signedUrl: ticket.url };
    });
  const result = await retryOnceOnRace(write);
  return { version: result.version, signedUrl: result.signedUrl };
}

/**
 * Two first publishes of one pack, or two publishes of one version, can race past the checks;
 * the database's unique keys stop the second. Running it again takes the "pack exists" path or
 * reports the duplicate version properly.
 */
export async function retryOnceOnRace<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw versionExists();
    throw error;
  }
}
