import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { badRequest } from '../../lib/errors.js';
import { errorResponses } from '../../lib/schemas.js';
import { requireAdmin } from '../auth/viewer.js';
import { bearer } from '../publishers/schemas.js';
import { UpstreamStatus, upstreamStatus } from './status.js';
import { requestUpstreamSync } from './sync-job.js';

const tags = ['admin'];

/** The upstream mirror's admin API: its state, and a sync on demand. */
const mirrorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/upstream',
    {
      schema: {
        operationId: 'getUpstreamStatus',
        tags,
        summary: 'The upstream mirror: settings and the current or last sync',
        security: bearer,
        response: { 200: UpstreamStatus, ...errorResponses(401, 403) },
      },
    },
    async function getUpstreamStatus(request) {
      await requireAdmin(request);
      return upstreamStatus(app.ctx);
    },
  );

  app.post(
    '/admin/upstream/sync',
    {
      schema: {
        operationId: 'startUpstreamSync',
        tags,
        summary: 'Queue an upstream sync (or report the one already queued or running)',
        security: bearer,
        body: Type.Optional(
          Type.Union([
            Type.Object(
              {
                full: Type.Optional(
                  Type.Boolean({ description: "Re-read every pack's versions, not only changed packs." }),
                ),
              },
              { additionalProperties: false },
            ),
            Type.Null(),
          ]),
        ),
        response: {
          202: Type.Object(
            {
              queued: Type.Boolean({ description: 'False when a sync was already queued or running.' }),
              status: UpstreamStatus,
            },
            { additionalProperties: false },
          ),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async function startUpstreamSync(request, reply) {
      await requireAdmin(request);
      if (!app.ctx.config.upstream.UPSTREAM_URL) {
        throw badRequest('No upstream configured', 'set UPSTREAM_URL to mirror another registry');
      }
      const { queued } = await requestUpstreamSync(app.ctx, request.body?.full === true);
      return reply.code(202).send({ queued, status: await upstreamStatus(app.ctx) });
    },
  );
};

export default mirrorRoutes;
