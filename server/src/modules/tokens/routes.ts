import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/schemas.js';
import { requireViewer, requireWriter } from '../auth/viewer.js';
import { bearer, PublisherParams } from '../publishers/schemas.js';
import { createToken, listTokens, revokeToken } from './service.js';

const tags = ['tokens'];

const PersonalAccessToken = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    description: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
    lastUsedAt: Type.Optional(Type.String({ format: 'date-time', description: 'Absent until the first publish.' })),
    token: Type.String({ description: 'First 4 characters of the secret, then `***`.' }),
  },
  { title: 'PersonalAccessToken', additionalProperties: false },
);

/** Publishing tokens of a publisher (owners and admins only). */
const tokenRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  app.post(
    '/publishers/:publisherId/tokens',
    {
      schema: {
        operationId: 'createPersonalAccessToken',
        tags,
        summary: 'Create a publishing token; the secret is shown only in this answer',
        security: bearer,
        params: PublisherParams,
        body: Type.Object({
          name: Type.String({ minLength: 1, maxLength: 100 }),
          description: Type.Optional(Type.String({ maxLength: 1000 })),
        }),
        response: {
          201: Type.Object({ token: Type.String() }, { title: 'CreatedToken' }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const created = await createToken(ctx, await requireWriter(request), request.params.publisherId, request.body);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/publishers/:publisherId/tokens',
    {
      schema: {
        operationId: 'listPersonalAccessTokens',
        tags,
        summary: "A publisher's tokens, masked",
        security: bearer,
        params: PublisherParams,
        response: { 200: Type.Array(PersonalAccessToken), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => listTokens(ctx, await requireViewer(request), request.params.publisherId),
  );

  app.delete(
    '/publishers/:publisherId/tokens/:tokenId',
    {
      schema: {
        operationId: 'deletePersonalAccessToken',
        tags,
        summary: 'Revoke a token',
        security: bearer,
        params: Type.Object({
          publisherId: PublisherParams.properties.publisherId,
          tokenId: Type.String({ format: 'uuid', description: 'The token id (a UUID) from the list.' }),
        }),
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await revokeToken(ctx, await requireWriter(request), request.params.publisherId, request.params.tokenId);
      return reply.code(204).send(null);
    },
  );
};

export default tokenRoutes;
