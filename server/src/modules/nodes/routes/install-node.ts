import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../../lib/schemas.js';
import { NodeVersion } from '../../catalogue/wire.js';
import { installNode } from '../install-service.js';
import { serveNodeRead } from '../node-access.js';
import { NodeIdParams, redirectResponse, VersionString } from '../schemas.js';

/** `GET /nodes/{nodeId}/install[?version=]`: the version to install, with its archive URL; counts one download. */
const installNodeRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/nodes/:nodeId/install',
    {
      schema: {
        operationId: 'installNode',
        tags: ['nodes'],
        summary: 'Resolve a version to install and count the install',
        description:
          'Without `version`: the latest version (highest semver among Active ones). With `version`: an Active version, or a Pending one whose archive is uploaded. Flagged and banned versions are 403, deleted ones and versions without an archive 404. Only a 200 counts a download.',
        params: NodeIdParams,
        querystring: Type.Object({ version: Type.Optional(VersionString) }),
        response: { 200: NodeVersion, ...redirectResponse, ...errorResponses(400, 403, 404) },
      },
    },
    async function installNodeHandler(request, reply) {
      const { nodeId } = request.params;
      reply.header('cache-control', 'no-store');
      return serveNodeRead(request, reply, {
        nodeId,
        cacheKey: null,
        read: () => installNode(app.ctx, nodeId, request.query.version),
      });
    },
  );
};

export default installNodeRoute;
