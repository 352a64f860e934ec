import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../../lib/schemas.js';
import { Node } from '../../catalogue/wire.js';
import { serveNodeRead } from '../node-access.js';
import { cachedReadResponses, GetNodeQuery, NodeIdParams, redirectResponse } from '../schemas.js';
import { getNode } from '../service.js';

/** `GET /nodes/{nodeId}`: one pack, with its publisher and latest version. */
const getNodeRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/nodes/:nodeId',
    {
      schema: {
        operationId: 'getNode',
        tags: ['nodes'],
        summary: 'Get a pack',
        description:
          'Ids match case-insensitively: another spelling answers 302 to the canonical id. Deleted packs are 404; banned packs 403 except for admins.',
        params: NodeIdParams,
        querystring: GetNodeQuery,
        response: { 200: Node, ...redirectResponse, ...cachedReadResponses, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async function getNodeHandler(request, reply) {
      const { nodeId } = request.params;
      const includeTranslations = request.query.include_translations === true;
      return serveNodeRead(request, reply, {
        nodeId,
        cacheKey: JSON.stringify(['node', nodeId, includeTranslations]),
        read: (access) => getNode(app.ctx, nodeId, { ...access, includeTranslations }),
      });
    },
  );
};

export default getNodeRoute;
