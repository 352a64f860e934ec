import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../lib/schemas.js';
import { serveNodeRead } from '../nodes/node-access.js';
import { cachedReadResponses, NodeIdParams, NodeVersionParams, redirectResponse } from '../nodes/schemas.js';
import { NodeVersionReadme } from './schemas.js';
import { getLatestReadme, getVersionReadme } from './service.js';

const responses = {
  200: NodeVersionReadme,
  ...redirectResponse,
  ...cachedReadResponses,
  ...errorResponses(400, 401, 403, 404),
};

/** README reads: one version's, and the latest version's (what the pack page shows). */
const readmeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/nodes/:nodeId/versions/:version/readme',
    {
      schema: {
        operationId: 'getNodeVersionReadme',
        tags: ['versions'],
        summary: "One version's README, read from its archive (404 when the archive has none)",
        params: NodeVersionParams,
        response: responses,
      },
    },
    async function getNodeVersionReadmeHandler(request, reply) {
      const { nodeId, version } = request.params;
      return serveNodeRead(request, reply, {
        nodeId,
        cacheKey: JSON.stringify(['readme', nodeId, version]),
        read: (access) => getVersionReadme(app.ctx, nodeId, version, access),
      });
    },
  );

  app.get(
    '/nodes/:nodeId/readme',
    {
      schema: {
        operationId: 'getNodeReadme',
        tags: ['nodes'],
        summary: "The README of the pack's latest version (404 when it has none)",
        params: NodeIdParams,
        response: responses,
      },
    },
    async function getNodeReadmeHandler(request, reply) {
      const { nodeId } = request.params;
      return serveNodeRead(request, reply, {
        nodeId,
        cacheKey: JSON.stringify(['readme-latest', nodeId]),
        read: (access) => getLatestReadme(app.ctx, nodeId, access),
      });
    },
  );
};

export default readmeRoutes;
