import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { UUID_PATTERN } from '../../../lib/ids.js';
import { errorResponses } from '../../../lib/schemas.js';
import { requireViewer, requireWriter } from '../../auth/viewer.js';
import { Publisher } from '../../catalogue/wire.js';
import {
  acceptInvitation,
  declineInvitation,
  inviteMember,
  listMyInvitations,
  listPublisherInvitations,
  revokeInvitation,
} from '../invitations-service.js';
import { bearer, PublisherParams } from '../schemas.js';
import { Role } from './members.js';

const tags = ['publishers'];
const invitationId = Type.String({ pattern: UUID_PATTERN, description: 'Invitation id.' });
const InvitationParams = Type.Object({ invitationId });
const PublisherInvitationParams = Type.Object({
  publisherId: PublisherParams.properties.publisherId,
  invitationId,
});

const times = {
  createdAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({ format: 'date-time', description: 'Seven days after it was sent.' }),
};

const PublisherInvitation = Type.Object(
  {
    id: Type.String(),
    email: Type.String({ description: 'The address the owner invited, in lowercase.' }),
    role: Role,
    ...times,
  },
  { title: 'PublisherInvitation', additionalProperties: false },
);

const ReceivedInvitation = Type.Object(
  {
    id: Type.String(),
    publisher: Type.Object({ id: Type.String(), name: Type.String() }),
    role: Role,
    invitedBy: Type.Object({ name: Type.String() }),
    ...times,
  },
  { title: 'ReceivedInvitation', additionalProperties: false },
);

/** Joining a publisher: an owner invites, the invited account accepts or declines. */
const invitationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    '/publishers/:publisherId/invitations',
    {
      schema: {
        operationId: 'listPublisherInvitations',
        tags,
        summary: 'Invitations still waiting for an answer (owners and admins)',
        security: bearer,
        params: PublisherParams,
        response: { 200: Type.Array(PublisherInvitation), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => listPublisherInvitations(ctx, await requireViewer(request), request.params.publisherId),
  );

  app.post(
    '/publishers/:publisherId/invitations',
    {
      schema: {
        operationId: 'invitePublisherMember',
        tags,
        summary: 'Invite someone by e-mail to join (owners and admins)',
        description:
          'Nobody joins until they accept. The answer is the same whether or not an account uses the address; ' +
          'only such an account is e-mailed. Asking again for an address with an open invitation returns it. ' +
          'At most PUBLISHER_INVITATIONS_PER_DAY per publisher and per inviting account in any 24 hours (429 with Retry-After).',
        security: bearer,
        params: PublisherParams,
        body: Type.Object({
          email: Type.String({
            minLength: 3,
            maxLength: 320,
            pattern: '^\\s*[^\\s@]+@[^\\s@]+\\s*$',
            description: 'E-mail address of the person to invite.',
          }),
          role: Role,
        }),
        response: { 201: PublisherInvitation, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const viewer = await requireWriter(request);
      const invitation = await inviteMember(ctx, viewer, request.params.publisherId, request.body, request.log);
      return reply.code(201).send(invitation);
    },
  );

  app.delete(
    '/publishers/:publisherId/invitations/:invitationId',
    {
      schema: {
        operationId: 'revokePublisherInvitation',
        tags,
        summary: 'Withdraw an invitation that has not been answered (owners and admins)',
        security: bearer,
        params: PublisherInvitationParams,
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404, 409, 410) },
      },
    },
    async (request, reply) => {
      const { publisherId, invitationId: id } = request.params;
      await revokeInvitation(ctx, await requireWriter(request), publisherId, id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/users/invitations',
    {
      schema: {
        operationId: 'listMyInvitations',
        tags,
        summary: "Invitations waiting for the caller's answer",
        security: bearer,
        response: { 200: Type.Array(ReceivedInvitation), ...errorResponses(401) },
      },
    },
    async (request) => listMyInvitations(ctx, await requireViewer(request)),
  );

  app.post(
    '/users/invitations/:invitationId/accept',
    {
      schema: {
        operationId: 'acceptPublisherInvitation',
        tags,
        summary: 'Join the publisher in the invited role',
        description:
          'Refused with 403 `publisher.limit_reached` when the account already belongs to MAX_PUBLISHERS_PER_USER publishers.',
        security: bearer,
        params: InvitationParams,
        response: { 200: Publisher, ...errorResponses(400, 401, 403, 404, 409, 410) },
      },
    },
    async (request) => acceptInvitation(ctx, await requireWriter(request), request.params.invitationId),
  );

  app.post(
    '/users/invitations/:invitationId/decline',
    {
      schema: {
        operationId: 'declinePublisherInvitation',
        tags,
        summary: 'Decline an invitation',
        security: bearer,
        params: InvitationParams,
        response: { 204: Type.Null(), ...errorResponses(400, 401, 404, 409, 410) },
      },
    },
    async (request, reply) => {
      await declineInvitation(ctx, await requireViewer(request), request.params.invitationId);
      return reply.code(204).send(null);
    },
  );
};

export default invitationRoutes;
