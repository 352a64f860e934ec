import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../lib/schemas.js';
import { ResolveRequest, ResolveResponse } from './resolve-schemas.js';
import { resolveClasses } from './resolve-service.js';

/** Batch class → pack resolution, for a workflow's missing nodes. */
const resolveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/comfy-nodes/resolve',
    {
      // The largest valid body: 2000 names of 200 characters, up to 4 bytes each in UTF-8.
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        operationId: 'resolveComfyNodes',
        tags: ['comfy-nodes'],
        summary: 'Which pack provides each of many comfy-node classes',
        description:
          'One answer per distinct name, in request order: `core` (ships with ComfyUI), `pack` (the provider, chosen like `GET /comfy-nodes/{name}/node`) or `unknown`.',
        body: ResolveRequest,
        response: { 200: ResolveResponse, ...errorResponses(400, 413, 415) },
      },
    },
    async function resolveComfyNodes(request) {
      return { results: await resolveClasses(app.ctx, request.body.names) };
    },
  );
};

export default resolveRoutes;
