import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/schemas.js';
import { requireViewer } from '../auth/viewer.js';
import { etagMatches } from '../nodes/cache/catalogue-cache.js';
import { NodeVersionParams } from '../nodes/schemas.js';
import { bearer } from '../publishers/schemas.js';
import { type ArchiveDownload, findArchive, findVersionArchiveFor } from './service.js';

/**
 * `GET|HEAD /files/<key>`: the archives behind `downloadUrl`, for installable versions only.
 * ComfyUI-Manager probes with a GET carrying a `Method: HEAD` header before downloading; that
 * header means nothing to HTTP, so the probe is an ordinary GET and gets the archive like any other.
 * `GET /nodes/{id}/versions/{v}/archive`: any version's archive, for its publisher and admins.
 */
const filesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const params = Type.Object({ '*': Type.String({ maxLength: 1000 }) });
  const errors = { 304: Type.Null({ description: 'Not modified.' }), ...errorResponses(404) };

  app.get(
    '/files/*',
    {
      // HEAD is its own route below: the automatic one would report Content-Length 0.
      exposeHeadRoute: false,
      schema: {
        operationId: 'downloadFile',
        tags: ['files'],
        summary: 'Download the archive of an installable version',
        description:
          'Only archives of Active and Pending versions of active packs; others answer 404 here (their publisher and admins use `GET /nodes/{nodeId}/versions/{version}/archive`). A mirrored version whose archive is not cached yet is fetched from the upstream registry and streamed while it is stored (502 or 504 when the upstream cannot deliver it; see docs/mirror.md).',
        produces: ['application/zip'],
        params,
        response: {
          200: Type.String({ format: 'binary', description: 'The archive (application/zip).' }),
          ...errors,
          ...errorResponses(502, 504),
        },
      },
    },
    async function downloadFile(request, reply) {
      return sendArchive(request, reply, await findArchive(app.ctx, request.params['*'], request.log));
    },
  );

  app.head(
    '/files/*',
    {
      schema: {
        operationId: 'headFile',
        tags: ['files'],
        summary: 'Headers of a stored archive (size, type, ETag)',
        params,
        response: {
          200: Type.Null({ description: 'No body; Content-Length is the archive size.' }),
          ...errors,
          ...errorResponses(502, 504),
        },
      },
    },
    async function headFile(request, reply) {
      return sendArchive(request, reply, await findArchive(app.ctx, request.params['*'], request.log));
    },
  );

  app.get(
    '/nodes/:nodeId/versions/:version/archive',
    {
      schema: {
        operationId: 'downloadVersionArchive',
        tags: ['files'],
        summary: "Download any version's archive (publisher members and admins)",
        description:
          "The archive of a version in any status, including Flagged, Banned and Deleted ones that `/files` no longer serves: for review by admins and for the members of the pack's publisher.",
        produces: ['application/zip'],
        params: NodeVersionParams,
        security: bearer,
        response: {
          200: Type.String({ format: 'binary', description: 'The archive (application/zip).' }),
          304: Type.Null({ description: 'Not modified.' }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async function downloadVersionArchive(request, reply) {
      const viewer = await requireViewer(request);
      const { nodeId, version } = request.params;
      const archive = await findVersionArchiveFor(app.ctx, viewer, nodeId, version);
      return sendArchive(request, reply, archive, 'private, no-store');
    },
  );
};

/** Sends the archive's headers, then its bytes (GET), nothing (HEAD) or a 304 when the tag matches. */
async function sendArchive(
  request: FastifyRequest,
  reply: FastifyReply,
  archive: ArchiveDownload,
  // Archives never change under a key (a version is published once), so caches may keep public ones.
  cacheControl = 'public, max-age=86400',
) {
  reply.header('cache-control', cacheControl);
  if (archive.etag) {
    reply.header('etag', archive.etag);
    if (etagMatches(request.headers['if-none-match'], archive.etag)) {
      archive.release?.();
      return reply.code(304).send();
    }
  }
  reply.header('content-type', archive.contentType);
  if (archive.sizeBytes !== null) reply.header('content-length', archive.sizeBytes);
  if (request.method === 'HEAD') {
    archive.release?.();
    return reply.send();
  }
  return reply.send(await archive.open());
}

export default filesRoutes;
