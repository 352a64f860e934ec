import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../../lib/schemas.js';
import { UploadParams, UploadResponse } from '../schemas.js';
import { receiveUpload } from '../upload-service.js';

/**
 * `PUT /uploads/{ticket}`: the signed URL from publishing. No authentication: the URL itself is
 * the credential (single use, 15 minutes, bound to one version). comfy-cli accepts only 200.
 * Registered inside the raw-body plugin, so the zip streams instead of being buffered.
 */
const uploadArchiveRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/uploads/:ticket',
    {
      schema: {
        operationId: 'uploadArchive',
        tags: ['publishing'],
        summary: 'Upload the archive of a published version',
        description:
          'Send the zip as the raw body with `Content-Type: application/zip`. Larger than MAX_ARCHIVE_BYTES → 413 ' +
          '(from Content-Length before any byte is read, or as soon as the limit is crossed). A used URL → 409, ' +
          'an expired one → 410, an unknown one → 404. A body that stops arriving for UPLOAD_IDLE_TIMEOUT_SECONDS → 408; ' +
          'more than UPLOADS_IN_FLIGHT_PER_ACCOUNT uploads of one publisher at once → 429. An interrupted upload gives the URL back.',
        params: UploadParams,
        consumes: ['application/zip'],
        response: { 200: UploadResponse, ...errorResponses(400, 404, 408, 409, 410, 413, 415, 429) },
      },
    },
    async function uploadArchive(request, reply) {
      const declared = request.headers['content-length'];
      try {
        const result = await receiveUpload(app.ctx, {
          secret: request.params.ticket,
          contentType: request.headers['content-type'],
          contentLength: declared === undefined ? undefined : Number(declared),
          body: request.body as Readable | undefined,
        });
        return reply.code(200).send({
          message: 'Archive received; processing has been queued',
          node_version_id: result.versionId,
          size_bytes: result.sizeBytes,
          sha256: result.sha256,
        });
      } catch (error) {
        // The body may be unread: close the connection rather than let Node drain it.
        reply.header('connection', 'close');
        throw error;
      }
    },
  );
};

export default uploadArchiveRoute;
