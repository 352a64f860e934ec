import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { badRequest } from '../../lib/errors.js';
import { errorResponses } from '../../lib/schemas.js';
import { requireAdmin } from '../auth/viewer.js';
import { bearer } from '../publishers/schemas.js';
import { grantOverride, presentOverride } from './override-service.js';
import { listOverrides } from './repository.js';
import { UpstreamStatus, upstreamStatus } from './status.js';
import { CANCELLED_BY_ADMIN, cancelUpstreamSync as cancelSync, requestUpstreamSync } from './sync-job.js';

const tags = ['admin'];

const UpstreamOverride = Type.Object(
  {
    id: Type.String({
      description: 'The pack id released for local use (as the admin spelt it; any letter case matches).',
    }),
    reason: Type.String({ description: 'Why the admin allowed it (also in the audit log).' }),
    created_by: Type.Union([Type.String(), Type.Null()], {
      description: 'The admin user id; null once that account is deleted.',
    }),
    created_at: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);

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

  app.post(
    '/admin/upstream/sync/cancel',
    {
      schema: {
        operationId: 'cancelUpstreamSync',
        tags,
        summary: 'Cancel the queued or running upstream sync',
        description:
          'A running sync stops before its next page; the packs it already wrote stay. The sync is recorded as failed with the reason `cancelled by an administrator`. Answers `cancelled: false` when no sync was queued or running.',
        security: bearer,
        response: {
          200: Type.Object(
            {
              cancelled: Type.Boolean({ description: 'False when no sync was queued or running.' }),
              status: UpstreamStatus,
            },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 403),
        },
      },
    },
    async function cancelUpstreamSync(request) {
      const admin = await requireAdmin(request);
      const cancelled = await cancelSync(app.ctx, CANCELLED_BY_ADMIN);
      if (cancelled) request.log.warn({ admin: admin.id }, 'upstream sync cancelled');
      return { cancelled, status: await upstreamStatus(app.ctx) };
    },
  );

  app.get(
    '/admin/upstream/overrides',
    {
      schema: {
        operationId: 'listUpstreamOverrides',
        tags,
        summary: 'Ids the upstream has that admins released for local packs',
        security: bearer,
        response: {
          200: Type.Object({ overrides: Type.Array(UpstreamOverride) }, { additionalProperties: false }),
          ...errorResponses(401, 403),
        },
      },
    },
    async function listUpstreamOverrides(request) {
      await requireAdmin(request);
      return { overrides: (await listOverrides(app.ctx.db)).map(presentOverride) };
    },
  );

  app.post(
    '/admin/upstream/overrides',
    {
      schema: {
        operationId: 'createUpstreamOverride',
        tags,
        summary: 'Release an id the upstream has for a local pack (audited)',
        description:
          'A local publisher may then create the pack, and the upstream sync leaves the id alone. A mirrored copy of the pack here is removed with its versions and cached archives. 409 when the id is already released or a local pack holds it. See docs/mirror.md.',
        security: bearer,
        body: Type.Object(
          {
            id: Type.String({ minLength: 1, maxLength: 200 }),
            reason: Type.String({ minLength: 1, maxLength: 2000 }),
          },
          { additionalProperties: false },
        ),
        response: { 201: UpstreamOverride, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async function createUpstreamOverride(request, reply) {
      const viewer = await requireAdmin(request);
      return reply.code(201).send(await grantOverride(app.ctx, viewer, request.body));
    },
  );
};

export default mirrorRoutes;
