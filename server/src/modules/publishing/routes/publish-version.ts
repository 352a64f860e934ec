import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../../lib/schemas.js';
import { serializeVersion } from '../../catalogue/serialize.js';
import { publishVersion } from '../publish-service.js';
import { PackVersionParams, PublishVersionBody, PublishVersionResponse } from '../schemas.js';

/** `POST /publishers/{publisherId}/nodes/{nodeId}/versions`: what `comfy node publish` calls first. */
const publishVersionRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/publishers/:publisherId/nodes/:nodeId/versions',
    {
      schema: {
        operationId: 'publishNodeVersion',
        tags: ['publishing'],
        summary: 'Publish a version with a personal access token',
        description:
          'The personal access token travels in the body (`personal_access_token`), as comfy-cli sends it. ' +
          'Creates the pack on first publish, otherwise updates its metadata when this is its newest version, ' +
          'creates the version as Pending and answers with a single-use upload URL valid for 15 minutes. ' +
          'A version whose archive never arrived can be published again for a new URL.',
        params: PackVersionParams,
        body: PublishVersionBody,
        response: { 201: PublishVersionResponse, ...errorResponses(400, 403, 404) },
      },
    },
    async function publishNodeVersion(request, reply) {
      const published = await publishVersion(app.ctx, request.params, request.body);
      return reply.code(201).send({
        // The archive is not there yet, so there is nothing to download (the public registry sends "" too).
        node_version: serializeVersion(published.version, { downloadUrl: '', includeStatusReason: true }),
        signedUrl: published.signedUrl,
      });
    },
  );
};

export default publishVersionRoute;
