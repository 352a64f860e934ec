import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/schemas.js';
import { requireWriter } from '../auth/viewer.js';
import { Node } from '../catalogue/wire.js';
import { bearer } from '../publishers/schemas.js';
import { reviewPack } from './service.js';

/** Star ratings of packs by signed-in users. */
const reviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  app.post(
    '/nodes/:nodeId/reviews',
    {
      schema: {
        operationId: 'postNodeReview',
        tags: ['reviews'],
        summary: 'Rate a pack 1–5 stars; rating again replaces your earlier rating',
        security: bearer,
        params: Type.Object({ nodeId: Type.String({ minLength: 1, maxLength: 200 }) }),
        querystring: Type.Object({ star: Type.Integer({ minimum: 1, maximum: 5, description: '1 to 5.' }) }),
        response: { 200: Node, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => reviewPack(ctx, await requireWriter(request), request.params.nodeId, request.query.star),
  );
};

export default reviewRoutes;
