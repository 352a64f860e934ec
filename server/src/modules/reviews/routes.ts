import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/schemas.js';
import { optionalViewer, requireWriter } from '../auth/viewer.js';
import { Node } from '../catalogue/wire.js';
import { bearer } from '../publishers/schemas.js';
import { reviewPack, reviewSummary, withdrawReview } from './service.js';

const NodeParams = Type.Object({ nodeId: Type.String({ minLength: 1, maxLength: 200 }) });

/** A pack's rating and the caller's own review. */
const ReviewSummary = Type.Object(
  {
    rating: Type.Number({ description: 'Average stars, 0 when nobody rated the pack.' }),
    count: Type.Integer({ description: 'Number of reviews.' }),
    mine: Type.Union([
      Type.Object({ star: Type.Integer(), updated_at: Type.String({ format: 'date-time' }) }),
      Type.Null(),
    ]),
    can_rate: Type.Boolean({
      description:
        "False when the caller owns or belongs to the pack's publisher: they may not rate it (403 `review.own_pack`).",
    }),
  },
  { title: 'ReviewSummary' },
);

/** Star ratings of packs by signed-in users. */
const reviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  app.get(
    '/nodes/:nodeId/reviews',
    {
      schema: {
        operationId: 'getNodeReviews',
        tags: ['reviews'],
        summary: "A pack's rating, and the caller's own review when signed in",
        params: NodeParams,
        response: { 200: ReviewSummary, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => reviewSummary(ctx, await optionalViewer(request), request.params.nodeId),
  );

  app.delete(
    '/nodes/:nodeId/reviews',
    {
      schema: {
        operationId: 'deleteNodeReview',
        tags: ['reviews'],
        summary: 'Withdraw your review of a pack',
        security: bearer,
        params: NodeParams,
        response: { 200: Node, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => withdrawReview(ctx, await requireWriter(request), request.params.nodeId),
  );

  app.post(
    '/nodes/:nodeId/reviews',
    {
      schema: {
        operationId: 'postNodeReview',
        tags: ['reviews'],
        summary: 'Rate a pack 1–5 stars; rating again replaces your earlier rating',
        security: bearer,
        params: NodeParams,
        querystring: Type.Object({ star: Type.Integer({ minimum: 1, maximum: 5, description: '1 to 5.' }) }),
        response: { 200: Node, ...errorResponses(400, 401, 403, 404) },
      },
      // The ComfyUI front end posts an empty body labelled application/json and no token: the
      // caller is checked before the body is read, so that answers 401 as upstream, not 400.
      onRequest: async (request) => {
        await requireWriter(request);
      },
    },
    async (request) => reviewPack(ctx, await requireWriter(request), request.params.nodeId, request.query.star),
  );
};

export default reviewRoutes;
