import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/schemas.js';
import { etagMatches } from '../nodes/cache/catalogue-cache.js';
import { type ArchiveDownload, findArchive } from './service.js';

/**
 * `GET|HEAD /files/<key>`: the archives behind `downloadUrl`. ComfyUI-Manager probes with a GET
 * carrying a `Method: HEAD` header before downloading; that header means nothing to HTTP, so the
 * probe is an ordinary GET and gets the archive like any other.
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
        summary: 'Download a stored archive',
        produces: ['application/zip'],
        params,
        response: { 200: Type.String({ format: 'binary', description: 'The archive (application/zip).' }), ...errors },
      },
    },
    async function downloadFile(request, reply) {
      return sendArchive(request, reply, await findArchive(app.ctx, request.params['*']));
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
        response: { 200: Type.Null({ description: 'No body; Content-Length is the archive size.' }), ...errors },
      },
    },
    async function headFile(request, reply) {
      return sendArchive(request, reply, await findArchive(app.ctx, request.params['*']));
    },
  );
};

/** Sends the archive's headers, then its bytes (GET), nothing (HEAD) or a 304 when the tag matches. */
async function sendArchive(request: FastifyRequest, reply: FastifyReply, archive: ArchiveDownload) {
  // Archives never change under a key (a version is published once), so caches may keep them.
  reply.header('etag', archive.etag).header('cache-control', 'public, max-age=86400');
  if (etagMatches(request.headers['if-none-match'], archive.etag)) return reply.code(304).send();
  reply.header('content-type', archive.contentType).header('content-length', archive.sizeBytes);
  if (request.method === 'HEAD') return reply.send();
  return reply.send(await archive.open());
}

export default filesRoutes;
