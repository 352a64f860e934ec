import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../../lib/schemas.js';
import { requireViewer, requireWriter } from '../../auth/viewer.js';
import { PublisherMember } from '../../catalogue/wire.js';
import { addMember, changeMemberRole, listMembers, removeMember } from '../members-service.js';
import { bearer, PublisherParams } from '../schemas.js';

const tags = ['publishers'];
const Role = Type.Union([Type.Literal('owner'), Type.Literal('member')], {
  description: 'Owners manage everything; members manage packs and versions.',
});
const MemberParams = Type.Object({
  publisherId: PublisherParams.properties.publisherId,
  userId: Type.String({ minLength: 1, maxLength: 200, description: 'Account id of the member.' }),
});

/** Who belongs to a publisher and in which role. */
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

  app.post(
    '/publishers/:publisherId/members',
    {
      schema: {
        operationId: 'addPublisherMember',
        tags,
        summary: 'Add an existing account by e-mail (owners and admins)',
        security: bearer,
        params: PublisherParams,
        body: Type.Object({
          email: Type.String({ minLength: 3, maxLength: 320, description: 'E-mail address of an existing account.' }),
          role: Role,
        }),
        response: { 201: PublisherMember, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const member = await addMember(ctx, await requireWriter(request), request.params.publisherId, request.body);
      return reply.code(201).send(member);
    },
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
