import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../../lib/schemas.js';
import { requireWriter } from '../../auth/viewer.js';
import { serializeVersion } from '../../catalogue/serialize.js';
import { publishFromBrowser } from '../browser-publish-service.js';
import { describeProcessing } from '../processing-service.js';
import { BrowserPublishQuery, BrowserPublishResponse, PackVersionParams } from '../schemas.js';

/**
 * `POST /publishers/{publisherId}/nodes/{nodeId}/versions/upload`: publishing from the web app.
 * The zip is the raw body; the version comes from its pyproject.toml. Registered inside the
 * raw-body plugin.
 */
const browserPublishRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/publishers/:publisherId/nodes/:nodeId/versions/upload',
    {
      schema: {
        operationId: 'uploadNodeVersion',
        tags: ['publishing'],
        summary: 'Publish a version by uploading its archive (signed-in owners and members)',
        description:
          'Send the zip (as `comfy node pack` builds it) as the raw body with `Content-Type: application/zip`. ' +
          'The version is `[project].version` of its root pyproject.toml and `[project].name` must be the node id. ' +
          'Answers 201 with the Pending version and its processing status; poll ' +
          '`GET .../versions/{versionId}/processing` until `stage` is `done` or `failed`.',
        security: [{ BearerAuth: [] }],
        params: PackVersionParams,
        querystring: BrowserPublishQuery,
        consumes: ['application/zip'],
        response: { 201: BrowserPublishResponse, ...errorResponses(400, 401, 403, 404, 408, 409, 413, 415, 429) },
      },
    },
    async function uploadNodeVersion(request, reply) {
      const declared = request.headers['content-length'];
      try {
        const viewer = await requireWriter(request);
        const version = await publishFromBrowser(app.ctx, viewer, {
          publisherId: request.params.publisherId,
          nodeId: request.params.nodeId,
          changelog: request.query.changelog ?? '',
          contentType: request.headers['content-type'],
          contentLength: declared === undefined ? undefined : Number(declared),
          body: request.body as Readable | undefined,
        });
        return reply.code(201).send({
          node_version: serializeVersion(version, { downloadUrl: '', includeStatusReason: true }),
          processing: await describeProcessing(app.ctx, version),
        });
      } catch (error) {
        // The body may be unread: close the connection rather than let Node drain it.
        reply.header('connection', 'close');
        throw error;
      }
    },
  );
};

export default browserPublishRoute;
