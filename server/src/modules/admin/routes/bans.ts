import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../../lib/schemas.js';
import { requireAdmin } from '../../auth/viewer.js';
import * as bans from '../ban-service.js';
import { Reason } from '../schemas.js';

const tags = ['admin'];
const PublisherParams = Type.Object({ publisherId: Type.String({ minLength: 1, maxLength: 100 }) });
const PackParams = Type.Object({
  publisherId: Type.String({ minLength: 1, maxLength: 100 }),
  nodeId: Type.String({ minLength: 1, maxLength: 100 }),
});
// The body is optional: the web app and older clients send none.
const ReasonBody = Type.Optional(Type.Union([Type.Object({ reason: Type.Optional(Reason) }), Type.Null()]));
const responses = { 204: Type.Null(), ...errorResponses(400, 401, 403, 404, 409) };

/** Bans and unbans of packs and publishers (reference/registry-api.md §2.9). */
const adminBanRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/publishers/:publisherId/nodes/:nodeId/ban',
    {
      schema: {
        operationId: 'banPublisherNode',
        tags,
        summary: 'Ban a pack',
        params: PackParams,
        body: ReasonBody,
        response: responses,
      },
    },
    async function banPublisherNode(request, reply) {
      const viewer = await requireAdmin(request);
      const { publisherId, nodeId } = request.params;
      await bans.banNode(app.ctx, viewer, publisherId, nodeId, request.body?.reason ?? '');
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/publishers/:publisherId/nodes/:nodeId/unban',
    {
      schema: {
        operationId: 'unbanPublisherNode',
        tags,
        summary: 'Lift a pack ban',
        params: PackParams,
        body: ReasonBody,
        response: responses,
      },
    },
    async function unbanPublisherNode(request, reply) {
      const viewer = await requireAdmin(request);
      const { publisherId, nodeId } = request.params;
      await bans.unbanNode(app.ctx, viewer, publisherId, nodeId, request.body?.reason ?? '');
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/publishers/:publisherId/ban',
    {
      schema: {
        operationId: 'banPublisher',
        tags,
        summary: 'Ban a publisher and its packs',
        params: PublisherParams,
        body: ReasonBody,
        response: responses,
      },
    },
    async function banPublisher(request, reply) {
      const viewer = await requireAdmin(request);
      await bans.banPublisher(app.ctx, viewer, request.params.publisherId, request.body?.reason ?? '');
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/publishers/:publisherId/unban',
    {
      schema: {
        operationId: 'unbanPublisher',
        tags,
        summary: 'Lift a publisher ban and the pack bans it caused',
        params: PublisherParams,
        body: ReasonBody,
        response: responses,
      },
    },
    async function unbanPublisher(request, reply) {
      const viewer = await requireAdmin(request);
      await bans.unbanPublisher(app.ctx, viewer, request.params.publisherId, request.body?.reason ?? '');
      return reply.code(204).send(null);
    },
  );
};

export default adminBanRoutes;
