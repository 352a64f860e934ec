import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../lib/schemas.js';
import { serveNodeRead } from '../nodes/node-access.js';
import { NodeVersionParams, redirectResponse } from '../nodes/schemas.js';
import { VersionTrust } from './schemas.js';
import { getVersionTrust } from './service.js';

/** A version's trust panel (docs/provenance.md). */
const trustRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/nodes/:nodeId/versions/:version/trust',
    {
      schema: {
        operationId: 'getNodeVersionTrust',
        tags: ['versions'],
        summary:
          "A version's provenance: archive digest, how it was published, scan and decisions, the pack's changes of hands",
        params: NodeVersionParams,
        response: { 200: VersionTrust, ...redirectResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async function getNodeVersionTrustHandler(request, reply) {
      const { nodeId, version } = request.params;
      return serveNodeRead(request, reply, {
        nodeId,
        cacheKey: null,
        read: (access) => getVersionTrust(app.ctx, nodeId, version, access),
      });
    },
  );
};

export default trustRoutes;
