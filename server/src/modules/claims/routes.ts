import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/schemas.js';
import { requireWriter } from '../auth/viewer.js';
import { PackParams } from '../packs/schemas.js';
import { bearer } from '../publishers/schemas.js';
import { claimPack } from './service.js';

/** Claiming an unclaimed pack by proving, through GitHub, that you administer its repository. */
const claimRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  app.post(
    '/publishers/:publisherId/nodes/:nodeId/claim-my-node',
    {
      schema: {
        operationId: 'claimMyNode',
        tags: ['packs'],
        summary: 'Move an unclaimed pack into your publisher after GitHub confirms repository admin rights',
        security: bearer,
        params: PackParams,
        body: Type.Object({
          GH_TOKEN: Type.String({
            minLength: 1,
            maxLength: 1000,
            description: 'A GitHub token of an administrator of the repository; used once, never stored.',
          }),
        }),
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      await claimPack(ctx, await requireWriter(request), request.params, request.body.GH_TOKEN);
      return reply.code(204).send(null);
    },
  );
};

export default claimRoutes;
