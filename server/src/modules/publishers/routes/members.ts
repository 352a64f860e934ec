import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../../lib/schemas.js';
import { requireViewer, requireWriter } from '../../auth/viewer.js';
import { PublisherMember } from '../../catalogue/wire.js';
import { changeMemberRole, listMembers, removeMember } from '../members-service.js';
import { bearer, PublisherParams } from '../schemas.js';

const tags = ['publishers'];
export const Role = Type.Union([Type.Literal('owner'), Type.Literal('member')], {
  description: 'Owners manage everything; members manage packs and versions.',
});
const MemberParams = Type.Object({
  publisherId: PublisherParams.properties.publisherId,
  userId: Type.String({ minLength: 1, maxLength: 200, description: 'Account id of the member.' }),
});

/** Who belongs to a publisher and in which role; people join by invitation (invitations.ts). */
const memberRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    '/publishers/:publisherId/members',
    {
      schema: {
        operationId: 'listPublisherMembers',
        tags,
        summary: 'Members of a publisher, with e-mails (members and admins)',
        security: bearer,
        params: PublisherParams,
        response: { 200: Type.Array(PublisherMember), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => listMembers(ctx, await requireViewer(request), request.params.publisherId),
  );

  app.put(
    '/publishers/:publisherId/members/:userId',
    {
      schema: {
        operationId: 'updatePublisherMember',
        tags,
        summary: "Change a member's role (owners and admins); the last owner cannot be demoted",
        security: bearer,
        params: MemberParams,
        body: Type.Object({ role: Role }),
        response: { 200: PublisherMember, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { publisherId, userId } = request.params;
      return changeMemberRole(ctx, await requireWriter(request), publisherId, userId, request.body.role);
    },
  );

  app.delete(
    '/publishers/:publisherId/members/:userId',
    {
      schema: {
        operationId: 'deletePublisherMember',
        tags,
        summary: 'Remove a member (owners and admins), or leave (yourself); never the last owner',
        security: bearer,
        params: MemberParams,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { publisherId, userId } = request.params;
      await removeMember(ctx, await requireWriter(request), publisherId, userId);
      return reply.code(204).send(null);
    },
  );
};

export default memberRoutes;
