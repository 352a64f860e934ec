import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../../lib/schemas.js';
import { nodeDownloadsByDay } from '../downloads-service.js';
import { serveNodeRead } from '../node-access.js';
import { DailyDownloads, DownloadsQuery, NodeIdParams, redirectResponse } from '../schemas.js';

/** `GET /nodes/{nodeId}/downloads?days=90`: installs per UTC day for the pack page's chart. */
const nodeDownloadsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/nodes/:nodeId/downloads',
    {
      schema: {
        operationId: 'getNodeDownloads',
        tags: ['nodes'],
        summary: 'Installs per day',
        description: 'One entry per UTC day, oldest first, ending today; days without installs count 0.',
        params: NodeIdParams,
        querystring: DownloadsQuery,
        response: { 200: Type.Array(DailyDownloads), ...redirectResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async function getNodeDownloads(request, reply) {
      const { nodeId } = request.params;
      const days = request.query.days ?? 90;
      return serveNodeRead(request, reply, {
        nodeId,
        cacheKey: null,
        read: (access) => nodeDownloadsByDay(app.ctx, nodeId, days, access),
      });
    },
  );
};

export default nodeDownloadsRoute;
