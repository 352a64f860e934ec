import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../../lib/schemas.js';
import { optionalViewer } from '../../auth/viewer.js';
import { NodesPage } from '../../catalogue/wire.js';
import { sendCachedRead } from '../cache/catalogue-cache.js';
import { normalizeListQuery } from '../list-query.js';
import { cachedReadResponses, ListNodesQuery } from '../schemas.js';
import { listNodes } from '../service.js';

/** `GET /nodes`: the catalogue, paged, as ComfyUI-Manager and the web app walk it. */
const listNodesRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/nodes',
    {
      schema: {
        operationId: 'listAllNodes',
        tags: ['nodes'],
        summary: 'List packs (paged, filtered, sorted)',
        description:
          'Deleted packs are never listed; banned packs only for admins passing `include_banned=true`. Answers carry an ETag and are fresh after every catalogue change.',
        querystring: ListNodesQuery,
        response: { 200: NodesPage, ...cachedReadResponses, ...errorResponses(400, 401) },
      },
    },
    async function listAllNodes(request, reply) {
      // Only a request for banned packs needs to know who is asking.
      const includeBanned = request.query.include_banned === true && (await optionalViewer(request))?.isAdmin === true;
      const listRequest = normalizeListQuery(request.query, includeBanned);
      return sendCachedRead(request, reply, `nodes${listRequest.key}`, () => listNodes(app.ctx, listRequest));
    },
  );
};

export default listNodesRoute;
