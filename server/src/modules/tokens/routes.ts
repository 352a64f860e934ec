import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/schemas.js';
import { requireViewer, requireWriter } from '../auth/viewer.js';
import { bearer, PublisherParams } from '../publishers/schemas.js';
import { MAX_TOKEN_DAYS, MAX_TOKEN_PACKS } from './scope.js';
import { createToken, listTokens, revokeToken } from './service.js';

const tags = ['tokens'];

const PersonalAccessToken = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    description: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
    lastUsedAt: Type.Optional(Type.String({ format: 'date-time', description: 'Absent until the first publish.' })),
    expiresAt: Type.Optional(
      Type.String({ format: 'date-time', description: 'When publish stops accepting it; absent: never.' }),
    ),
    nodeIds: Type.Optional(
      Type.Array(Type.String(), { description: 'The only packs it may publish; absent: every pack of the publisher.' }),
    ),
    lastFour: Type.Optional(
      Type.String({ description: 'Last 4 characters of the secret; absent for tokens made before they were kept.' }),
    ),
    token: Type.String({ description: 'First 4 characters of the secret, `***`, then the last 4 when known.' }),
  },
  { title: 'PersonalAccessToken', additionalProperties: false },
);

/**
 * Publishing tokens of a publisher (owners and admins only). A token can only publish versions
 * (`POST /publishers/{id}/nodes/{node}/versions`), optionally of chosen packs and until a date.
 */
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
          expiresInDays: Type.Optional(
            Type.Integer({
              minimum: 1,
              maximum: MAX_TOKEN_DAYS,
              description: 'Days until the token stops working; absent: it never expires.',
            }),
          ),
          nodeIds: Type.Optional(
            Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
              minItems: 1,
              maxItems: MAX_TOKEN_PACKS,
              description: 'Limit the token to these packs of the publisher; absent: every pack, new ones included.',
            }),
          ),
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
